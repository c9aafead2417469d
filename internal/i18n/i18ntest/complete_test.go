package i18ntest

import (
	"embed"
	"strings"
	"testing"

	"github.com/pickup-dev/pickup/internal/i18n"
)

//go:embed testdata
var files embed.FS

type sample struct {
	Greeting i18n.M
	Count    i18n.P
	Nested   struct{ Label i18n.M }
	// NeverSelected is a message no code in the module selects.
	NeverSelected i18n.M
}

var sampleEnglish = sample{
	Greeting:      i18n.T("Hello, {who}"),
	Count:         i18n.Plural("{n} day", "{n} days"),
	Nested:        struct{ Label i18n.M }{i18n.T("Label")},
	NeverSelected: i18n.T("never"),
}

func TestCompleteFindsEveryKindOfGap(t *testing.T) {
	good := &recorder{}
	Complete(good, Options{Unused: []string{"NeverSelected"}}, i18n.NewBundle(&sampleEnglish, files, "testdata/good"))
	// good has no NeverSelected translation: the only gap.
	if len(good.errs) != 1 || !strings.Contains(good.errs[0], "NeverSelected has no pt-BR translation") {
		t.Errorf("good file: %q", good.errs)
	}
	bad := &recorder{}
	Complete(bad, Options{}, i18n.NewBundle(&sampleEnglish, files, "testdata/bad"))
	got := strings.Join(bad.errs, "\n")
	for _, want := range []string{
		// DisallowUnknownFields stops the decoding at the unknown key.
		`unknown field "Gone"`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("missing %q in:\n%s", want, got)
		}
	}
	_ = sampleEnglish.Greeting.F
	_ = sampleEnglish.Count.N
	_ = sampleEnglish.Nested.Label
}

func TestCompleteOnAFileThatDecodes(t *testing.T) {
	bad := &recorder{}
	c := &completer{t: bad, file: "x", lang: i18n.PortugueseBR}
	en := sampleEnglish
	raw := map[string]any{}
	data := `{"Greeting": "Olá, {quem}", "Count": {"other": "{n} dias"}, "Nested": {"Label": "Label"}, "Gone": "sobrou"}`
	_ = jsonUnmarshal(data, &raw)
	got := en
	got.Count = i18n.P{Other: i18n.T("{n} dias")}
	c.walk("", refOf(&en), refOf(&got), raw)
	all := strings.Join(bad.errs, "\n")
	for _, want := range []string{
		"Greeting has placeholders [quem], English has [who]",
		`Count lacks the "one" form pt-BR uses`,
		`Nested.Label is still English: "Label"`,
		"NeverSelected has no pt-BR translation",
		"Gone is no message",
	} {
		if !strings.Contains(all, want) {
			t.Errorf("missing %q in:\n%s", want, all)
		}
	}
	unusedRec := &recorder{}
	unused(unusedRec, i18n.NewBundle(&sampleEnglish, files, "testdata/good"), Options{})
	if len(unusedRec.errs) != 1 || !strings.Contains(unusedRec.errs[0], "NeverSelected is used by no code") {
		t.Errorf("unused: %q", unusedRec.errs)
	}
}

// Embedded is a catalog that embeds another struct, whose fields its
// message file holds at the top level, as encoding/json reads them.
type Embedded struct {
	Title i18n.M
	embeddedPart
}

type embeddedPart struct{ Inner string }

func TestCompleteFlattensEmbeddedStructs(t *testing.T) {
	en := Embedded{Title: i18n.T("Title {x}"), embeddedPart: embeddedPart{Inner: "Inner"}}
	rec := &recorder{}
	// Only this test selects them; an embedded field's path is its own name.
	Complete(rec, Options{Unused: []string{"Title", "Inner"}}, i18n.NewBundle(&en, files, "testdata/embedded"))
	if len(rec.errs) != 0 {
		t.Errorf("a file laid out as encoding/json reads an embedded struct: %q", rec.errs)
	}
	_ = en.Title.F
	_ = en.Inner
}
