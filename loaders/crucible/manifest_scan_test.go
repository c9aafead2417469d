package crucible

import (
	"encoding/json"
	"testing"
)

// scanLines are lines the fast scanner must read exactly as
// encoding/json does (fast: true), or hand over to it (fast: false).
var scanLines = []struct {
	line string
	fast bool
}{
	{`{}`, true},
	{`{ }`, true},
	{`{"seq":1,"file":"1-design-writer.md","role":"design-writer","phase":"1","task":null,"status":"dispatched","duration_s":null,"summary":null,"input_chars":9100,"output_chars":null,"model_tier":"opus","tool_calls":null}`, true},
	{`{"seq":5,"task":1,"status":"completed","duration_s":400.5,"summary":"Task 1: \"auth\" — done\n\tok \\ / \/"}`, true},
	{`{ "seq" : "3" , "phase" : 2 , "duration_s" : "83.5" }`, true},
	{`{"SEQ":3,"Status":"COMPLETED","Phase":"4"}`, true},
	{`{"seq":1,"seq":2}`, true},
	{`{"seq":1,"seq":null}`, true},
	{`{"seq":1,"phase":"3","phase":null}`, true},
	{`{"seq":-0,"duration_s":1e3,"replay_of":2E-1,"task":0.5}`, true},
	{`{"seq":true,"phase":false}`, true},
	{`{"seq":1,"summary":"héllo ünïcode ✓"}`, true},
	{`{"seq":1,"extra":"x","n":12,"b":true,"z":null}`, true},
	{`{"seq":1,"timestamp":"2026-03-24T12:00:00Z","ts":"x","started_at":"y","dispatched_at":"z","output":"o.md","output_file":"p.md","replay_session":"r","mutation":"m"}`, true},

	{`{"seq":1,"summary":"\u00e9"}`, false},
	{`{"seq":1,"summary":"bad \x escape"}`, false},
	{"{\"seq\":1,\"summary\":\"\xff\xfe\"}", false},
	{"{\"seq\":1,\"summary\":\"a\tb\"}", false},
	{`{"seq":1,"meta":{"a":1}}`, false},
	{`{"seq":1,"list":[1,2]}`, false},
	{`{"seq":01}`, false},
	{`{"seq":1,}`, false},
	{`{"seq":1} x`, false},
	{`{"seq":1}{"seq":2}`, false},
	{`{"seq":}`, false},
	{`{"seq":1`, false},
	{`{"seq":"1`, false},
	{`{"seq" 1}`, false},
	{`{seq:1}`, false},
	{`{"seq":nul}`, false},
	{`{"seq":nullx}`, false},
	{`{"seq":1.}`, false},
	{`{"seq":-}`, false},
	{`{"seq":1e}`, false},
	{`{"ſeq":1}`, false},
	{`{"se\u0071":1}`, false},
}

func TestScanMatchesEncodingJSON(t *testing.T) {
	var sc lineScanner
	for _, c := range scanLines {
		var fast rawEntry
		ok := sc.scan([]byte(c.line), &fast)
		if ok != c.fast {
			t.Errorf("%s: fast path %v, want %v", c.line, ok, c.fast)
			continue
		}
		var slow rawEntry
		err := json.Unmarshal([]byte(c.line), &slow)
		if ok && (err != nil || fast != slow) {
			t.Errorf("%s: scanned %+v, encoding/json %+v (%v)", c.line, fast, slow, err)
		}
		var viaDecode rawEntry
		derr := sc.decode([]byte(c.line), &viaDecode)
		if (derr == nil) != (err == nil) || (err == nil && viaDecode != slow) {
			t.Errorf("%s: decode gave %+v (%v), encoding/json %+v (%v)", c.line, viaDecode, derr, slow, err)
		}
	}
}

// FuzzScan checks the scanner against encoding/json: whatever it
// accepts, encoding/json accepts with the same values.
func FuzzScan(f *testing.F) {
	for _, c := range scanLines {
		f.Add([]byte(c.line))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) == 0 || data[0] != '{' {
			return
		}
		var sc lineScanner
		var fast rawEntry
		if !sc.scan(data, &fast) {
			return
		}
		var slow rawEntry
		if err := json.Unmarshal(data, &slow); err != nil {
			t.Fatalf("%q: scanned, but encoding/json says %v", data, err)
		}
		if fast != slow {
			t.Fatalf("%q: scanned %+v, encoding/json %+v", data, fast, slow)
		}
	})
}
