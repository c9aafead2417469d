package crucible

import (
	"path/filepath"
	"testing"

	"github.com/pickup-dev/pickup/internal/i18n"
)

// The shadow repository's notes and errors pickup words are said by
// their code (shadowFault): English as before, pt-BR in Portuguese;
// git's own words stay git's.
func TestShadowNotesInEachLanguage(t *testing.T) {
	pt := Catalogs.For(i18n.PortugueseBR)
	w, _ := crashWorld(t)
	_, note, err := Shadow{Dir: w.shadow, Work: w.project}.Checkpoints()
	if err != nil || note == nil {
		t.Fatalf("note %v err %v", note, err)
	}
	gone := filepath.Join(t.TempDir(), "gone")
	absent := Shadow{Dir: gone, Work: w.project}.Healthy()
	if absent == nil {
		t.Fatal("a missing shadow repository is healthy")
	}
	for _, tc := range []struct {
		name         string
		en, got      string
		wantEn, want string
	}{
		{"no table", note.Error(), pt.shadowSay(note), "checkpoint-manifest.md is absent: checkpoints come from the shadow repository's git log",
			"checkpoint-manifest.md não existe: os checkpoints vêm do git log do repositório sombra"},
		{"absent", absent.Error(), pt.shadowNote(absent), "no shadow checkpoint repository at " + gone,
			"nenhum repositório sombra de checkpoints em " + gone},
		{"log unread", (&shadowFault{shadowLogUnread, "git: exit status 128"}).Error(), pt.shadowSay(&shadowFault{shadowLogUnread, "git: exit status 128"}),
			"the shadow repository's git log could not be read: git: exit status 128", "o git log do repositório sombra não pôde ser lido: git: exit status 128"},
	} {
		if tc.en != tc.wantEn {
			t.Errorf("%s in English: %q, want %q", tc.name, tc.en, tc.wantEn)
		}
		if tc.got != tc.want {
			t.Errorf("%s in pt-BR: %q, want %q", tc.name, tc.got, tc.want)
		}
	}
}
