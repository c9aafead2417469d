package lazyre

import (
	"regexp"
	"sync"
	"testing"
)

// The lazy pattern answers as the compiled one, from any goroutine, and
// compiles once.
func TestSameAnswersAsRegexp(t *testing.T) {
	const expr = `(?i)^task[ _-]?0*(\d+)\b(.*)$`
	lazy, re := New(expr), regexp.MustCompile(expr)
	if lazy.re != nil {
		t.Fatal("compiled before its first use")
	}
	in := []string{"task-01 done", "TASK 7", "nothing", "task_3x", ""}
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for _, s := range in {
				if lazy.MatchString(s) != re.MatchString(s) || lazy.Match([]byte(s)) != re.Match([]byte(s)) ||
					lazy.FindString(s) != re.FindString(s) ||
					len(lazy.FindStringIndex(s)) != len(re.FindStringIndex(s)) ||
					len(lazy.FindStringSubmatch(s)) != len(re.FindStringSubmatch(s)) ||
					len(lazy.FindStringSubmatchIndex(s)) != len(re.FindStringSubmatchIndex(s)) ||
					len(lazy.FindSubmatch([]byte(s))) != len(re.FindSubmatch([]byte(s))) ||
					len(lazy.FindAll([]byte(s), -1)) != len(re.FindAll([]byte(s), -1)) ||
					len(lazy.FindAllStringSubmatchIndex(s, -1)) != len(re.FindAllStringSubmatchIndex(s, -1)) ||
					lazy.ReplaceAllString(s, "<$1>") != re.ReplaceAllString(s, "<$1>") {
					t.Errorf("%q: lazy and compiled differ", s)
				}
			}
		}()
	}
	wg.Wait()
	if lazy.Compiled() != lazy.Compiled() || lazy.String() != expr {
		t.Error("compiled more than once, or lost its source")
	}
}

// A pattern that does not compile panics when first used, not before.
func TestBadPatternPanicsOnFirstUse(t *testing.T) {
	r := New(`(unclosed`)
	defer func() {
		if recover() == nil {
			t.Error("no panic")
		}
	}()
	r.MatchString("x")
}
