package bookforge

import (
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/tidwall/gjson"
)

// PauseFile is the pause marker, relative to the book.
const PauseFile = "draft/context/run_paused.json"

// Pause is draft/context/run_paused.json: why the last run stopped with
// exit code 75. It comes as a quota pause (status_code 429, quota
// violations, retry_after_seconds) or a reason pause (reason_code,
// details).
type Pause struct {
	File string `json:"-"`
	Rel  string `json:"file"`
	Data []byte `json:"-"`

	Kind   string `json:"kind"` // "quota", "reason" or "unknown"
	BookID string `json:"book_id,omitempty"`
	// Phase is the tool's own word (write_scene); Pipeline its pipeline
	// phase (write), or "" when it names none (style_anchor).
	Phase    string `json:"phase,omitempty"`
	Pipeline string `json:"pipeline_phase,omitempty"`
	Chapter  int    `json:"chapter,omitempty"`
	Scene    int    `json:"scene,omitempty"`
	HasScene bool   `json:"-"`
	Message  string `json:"message,omitempty"`

	StatusCode int         `json:"status_code,omitempty"`
	RetryAfter float64     `json:"retry_after_seconds,omitempty"`
	HasRetry   bool        `json:"-"`
	Violations []Violation `json:"quota_violations,omitempty"`

	ReasonCode string   `json:"reason_code,omitempty"`
	Details    []string `json:"details,omitempty"` // "key: value", in file order

	CreatedAt  time.Time `json:"-"`
	HasCreated bool      `json:"-"`
	RawCreated string    `json:"created_at,omitempty"`
	// RetryAt is CreatedAt + RetryAfter (quota pauses with both).
	RetryAt *time.Time `json:"retry_at,omitempty"`
	// Stale, when set, says why the marker is not why the last run
	// stopped (bookforge removes it only in `book reset`).
	Stale string `json:"stale,omitempty"`

	tx *Text // the words of Cause and Lines
}

// Violation is one quota the provider said was exceeded.
type Violation struct {
	Metric     string `json:"quota_metric,omitempty"`
	ID         string `json:"quota_id,omitempty"`
	Dimensions string `json:"quota_dimensions,omitempty"` // "k=v, k=v"
	Value      string `json:"quota_value,omitempty"`
}

// parsePause reads the pause marker. It returns nil and a warning naming
// the file when the marker cannot be read as an object.
func parsePause(rel string, data []byte, tx *Text) (*Pause, []string) {
	tx = textOr(tx)
	root, _, err := parseJSON(data)
	if err != nil {
		return nil, []string{tx.PauseUnreadable.F(rel, tx.jsonErr(err))}
	}
	if !root.IsObject() {
		return nil, []string{tx.PauseNotObject.F(rel, tx.kind(root))}
	}
	get := func(key string) string { return text(field(root, key)) }
	p := &Pause{Rel: rel, Data: data, tx: tx}
	p.BookID = get("book_id")
	p.Phase = get("phase")
	p.Pipeline, _ = normPhase(p.Phase)
	p.Message = get("message")
	if c, s := field(root, "chapter"), field(root, "scene"); c.Exists() && s.Exists() {
		ch, err1 := strconv.Atoi(text(c))
		sc, err2 := strconv.Atoi(text(s))
		if err1 == nil && err2 == nil && ch > 0 && sc > 0 {
			p.Chapter, p.Scene, p.HasScene = ch, sc, true
		}
	}
	if n, err := strconv.Atoi(get("status_code")); err == nil {
		p.StatusCode = n
	}
	if r, err := strconv.ParseFloat(get("retry_after_seconds"), 64); err == nil && r >= 0 && !math.IsInf(r, 0) {
		p.RetryAfter, p.HasRetry = r, true
	}
	if qv := field(root, "quota_violations"); qv.IsArray() {
		qv.ForEach(func(_, v gjson.Result) bool {
			if !v.IsObject() {
				return true
			}
			viol := Violation{Metric: text(field(v, "quota_metric")), ID: text(field(v, "quota_id")), Value: text(field(v, "quota_value"))}
			if d := field(v, "quota_dimensions"); d.IsObject() {
				var parts []string
				d.ForEach(func(k, dv gjson.Result) bool {
					parts = append(parts, k.Str+"="+compact(dv))
					return true
				})
				viol.Dimensions = strings.Join(parts, ", ")
			} else {
				viol.Dimensions = compact(d)
			}
			p.Violations = append(p.Violations, viol)
			return true
		})
	}
	p.ReasonCode = get("reason_code")
	if d := field(root, "details"); d.IsObject() {
		d.ForEach(func(k, v gjson.Result) bool {
			p.Details = append(p.Details, k.Str+": "+compact(v))
			return true
		})
	}
	p.RawCreated = get("created_at")
	p.CreatedAt, p.HasCreated = parseTime(p.RawCreated)
	switch {
	case p.StatusCode == 429 || len(p.Violations) > 0 || (p.HasRetry && p.ReasonCode == ""):
		p.Kind = "quota"
	case p.ReasonCode != "":
		p.Kind = "reason"
	default:
		p.Kind = "unknown"
	}
	if p.Kind == "quota" && p.HasRetry && p.HasCreated {
		at := p.CreatedAt.Add(time.Duration(p.RetryAfter * float64(time.Second)))
		p.RetryAt = &at
	}
	var warns []string
	if !p.HasCreated && p.RawCreated != "" {
		warns = append(warns, tx.PauseBadCreated.F(rel, strconv.Quote(p.RawCreated)))
	}
	return p, warns
}

// SceneID is the paused scene, or "".
func (p *Pause) SceneID() string {
	if p == nil || !p.HasScene {
		return ""
	}
	return sceneID(p.Chapter, p.Scene)
}

// Wait is how long until a quota pause is safe to retry at now (zero when
// it is safe, or when the marker does not say).
func (p *Pause) Wait(now time.Time) time.Duration {
	if p == nil || p.RetryAt == nil || now.IsZero() || p.Stale != "" {
		return 0
	}
	if d := p.RetryAt.Sub(now); d > 0 {
		return d
	}
	return 0
}

// Cause is a one-line description: "HTTP 429 quota pause in write_scene".
func (p *Pause) Cause() string {
	tx := textOr(p.tx)
	where := ""
	if p.Phase != "" {
		where = tx.CauseIn.F(p.Phase)
	}
	switch p.Kind {
	case "quota":
		if p.StatusCode != 0 {
			return tx.CauseHTTP.F(p.StatusCode, where)
		}
		return tx.CauseQuota.F(where)
	case "reason":
		return tx.CauseReason.F(p.ReasonCode, where)
	}
	return tx.CausePause.F(where)
}

// waitText renders a wait as "4m30s" (whole seconds, rounded up so that
// a wait is never shown as 0s).
func waitText(d time.Duration, tx *Text) string { return textOr(tx).span(d) }

// clock is a time as the screens show it.
func clock(t time.Time) string { return t.UTC().Format("2006-01-02 15:04:05 UTC") }

// Lines are the pause's details for the dashboard and the plan.
func (p *Pause) Lines(now time.Time) []string {
	tx := textOr(p.tx)
	var out []string
	if p.Stale != "" {
		out = append(out, tx.LineStale.F(p.Stale))
	}
	where := ""
	if p.Pipeline != "" && p.Pipeline != p.Phase {
		where = " (" + phaseLabel(p.Pipeline) + ")"
	}
	scene := ""
	if p.HasScene {
		scene = tx.LineScene.F(p.Chapter, p.Scene)
	}
	switch p.Kind {
	case "quota":
		out = append(out, tx.LineQuota.F(p.StatusCode, or(p.Phase, "?"), where, scene))
	case "reason":
		out = append(out, tx.LineReason.F(p.ReasonCode, or(p.Phase, "?"), where, scene))
	default:
		out = append(out, tx.LinePaused.F(or(p.Phase, "?"), where, scene))
	}
	if p.Message != "" {
		out = append(out, tx.LineMessage.F(p.Message))
	}
	for _, v := range p.Violations {
		l := tx.LineQuotaOf.F(or(v.Metric, "?"))
		if v.Value != "" {
			l += " = " + v.Value
		}
		if v.ID != "" {
			l += tx.LineQuotaID.F(v.ID)
		}
		if v.Dimensions != "" {
			l += " [" + v.Dimensions + "]"
		}
		out = append(out, l)
	}
	if p.Kind == "quota" && len(p.Violations) == 0 {
		out = append(out, tx.NoViolations)
	}
	for _, d := range p.Details {
		out = append(out, tx.LineDetail.F(d))
	}
	switch {
	case p.HasCreated:
		// The panel's one format for a time, as "safe since" says it.
		out = append(out, tx.LinePausedAt.F(clock(p.CreatedAt)))
	case p.RawCreated != "":
		out = append(out, tx.LinePausedAt.F(p.RawCreated))
	}
	if p.Kind == "quota" && p.Stale == "" {
		switch {
		case !p.HasRetry:
			out = append(out, tx.NoRetry)
		case p.RetryAt == nil:
			out = append(out, tx.RetryUnknown.F(p.retryText()))
		case p.Wait(now) > 0:
			out = append(out, tx.RetryWait.F(p.retryText(), clock(*p.RetryAt), waitText(p.Wait(now), tx)))
		default:
			out = append(out, tx.RetrySafe.F(p.retryText(), clock(*p.RetryAt)))
		}
	}
	return out
}

// retryText is the marker's retry_after_seconds in words ("10 minutes").
func (p *Pause) retryText() string {
	return textOr(p.tx).span(time.Duration(p.RetryAfter * float64(time.Second)))
}

func or(s, def string) string {
	if s == "" {
		return def
	}
	return s
}
