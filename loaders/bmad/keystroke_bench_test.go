package bmad

import (
	"testing"

	"github.com/pickup-dev/pickup/model"
	"github.com/pickup-dev/pickup/tui/tuibench"
)

// BenchmarkKeystroke: one key's Update, then View, on the options
// screen and on REVIEW (the epics × stories grid), for a sprint of 20
// stories, one of 400 and one of 4,000 (not under -short). Once the
// grid fills the screen, the cost of a key must not grow with the sprint
// (compare 400 and 4,000 stories' ns/op; 20 stories fit on one screen).
func BenchmarkKeystroke(b *testing.B) {
	for _, screen := range []model.Screen{model.ScreenOptions, model.ScreenReview} {
		sizes := []int{2, 40, 400}
		if testing.Short() {
			sizes = sizes[:2] // make test runs each benchmark once, small
		}
		for _, epics := range sizes {
			b.Run(string(screen)+"/"+map[int]string{2: "20-stories", 40: "400-stories", 400: "4000-stories"}[epics], func(b *testing.B) {
				root, path := writeSprint(b, epics)
				s, err := Loader{}.Load(root, path)
				if err != nil {
					b.Fatal(err)
				}
				tuibench.Keystroke(b, s, screen)
			})
		}
	}
}
