package kiln

import (
	"reflect"
	"testing"
)

// keyMatch answers as keyRe does, line for line.
func TestKeyMatchIsKeyRe(t *testing.T) {
	for _, l := range []string{"", "stage: build", "  next_action:  Relaunch  ", "\tkey :v", "_k9:", "9k: v", "key v", "key", ":v",
		"- stage: x", "**stage**: x", "k\x00: v", "ké: v", "k: é\r", "k: a\nb", " \f k\t: x"} {
		want := keyRe.FindStringSubmatchIndex(l)
		if got := keyMatch(l); !reflect.DeepEqual(got, want) {
			t.Errorf("keyMatch(%q) = %v, keyRe %v", l, got, want)
		}
	}
}
