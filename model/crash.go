package model

import (
	"math"
	"time"
)

// DefaultCrashAfter is seed 001's crash threshold: 30 minutes inactive.
const DefaultCrashAfter = 30 * time.Minute

// CrashInfo is the verdict of DetectCrash.
type CrashInfo struct {
	Detected           bool   `json:"detected"`
	MinutesSinceUpdate int    `json:"minutes_since_update"`
	Reason             string `json:"reason"`
	// ReasonCode is the machine form of Reason.
	ReasonCode CrashReason `json:"-"`
	// Running is true when there is evidence that the workflow is still
	// at work (Activity): then it is never a crash (WithActivity).
	Running  bool       `json:"running,omitempty"`
	Activity []Activity `json:"activity,omitempty"`
}

// CrashReason is why DetectCrash decided as it did.
type CrashReason string

const (
	CrashStale       CrashReason = "stale"        // silent too long, no clean stop recorded
	CrashRecent      CrashReason = "recent"       // updated within the threshold
	CrashCleanStop   CrashReason = "clean_stop"   // last action ended the run on purpose
	CrashNoTimestamp CrashReason = "no_timestamp" // cannot tell
	CrashRunning     CrashReason = "running"      // evidence of activity (WithActivity)
	CrashNoNotion    CrashReason = "no_crash"     // silent too long, but the format records no crash (Session.NoCrash)
)

// DetectCrash decides whether the session stopped by crashing. It is a
// crash when more than threshold has passed since LastUpdated and the last
// recorded action (if the source records one) is not a clean stop, and
// the format has a notion of a crash (Session.NoCrash).
// Exactly threshold is not a crash ("more than 30 minutes").
func DetectCrash(s *Session, now time.Time, threshold time.Duration) CrashInfo {
	return EnglishWords.DetectCrash(s, now, threshold)
}

// DetectCrash is the package's DetectCrash with its reason in w's
// language.
func (w *Words) DetectCrash(s *Session, now time.Time, threshold time.Duration) CrashInfo {
	if !s.HasLastUpdated {
		return CrashInfo{ReasonCode: CrashNoTimestamp, Reason: w.NoTimestamp}
	}
	since := now.Sub(s.LastUpdated)
	info := CrashInfo{MinutesSinceUpdate: int(math.Floor(since.Minutes()))}
	if info.MinutesSinceUpdate < 0 {
		info.MinutesSinceUpdate = 0
	}
	switch {
	case since <= threshold:
		info.ReasonCode = CrashRecent
		info.Reason = w.Recent.F(w.Units.Elapsed(since), w.Units.Elapsed(threshold))
	case s.LastAction != nil && s.LastAction.Clean:
		info.ReasonCode = CrashCleanStop
		info.Reason = w.CleanStop.F(s.LastAction.Type)
	case s.NoCrash:
		info.ReasonCode = CrashNoNotion
		info.Reason = w.NoCrashNotion.F(w.Units.Elapsed(since))
	default:
		info.Detected = true
		info.ReasonCode = CrashStale
		info.Reason = w.Stale.F(w.Units.Elapsed(since), w.Units.Elapsed(threshold))
		if s.LastAction != nil {
			info.Reason = w.StaleAction.F(w.Units.Elapsed(since), w.Units.Elapsed(threshold), s.LastAction.Type)
		}
	}
	return info
}
