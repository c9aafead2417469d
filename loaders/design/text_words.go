package design

import (
	"strconv"

	"github.com/tidwall/gjson"

	"github.com/pickup-dev/pickup/internal/i18n"
	"github.com/pickup-dev/pickup/internal/jsondoc"
)

// Words are what the loaders say inside other sentences: the kinds of
// JSON values, what each stage writes and what re-running it does, the
// situations of `pickup plan`, and the counted nouns. Tables are keyed
// by a code (an "artifacts" key, a stage, a situation as JSON writes
// it), never by English text.
type Words struct {
	// Kinds name a JSON value's kind (Text.kind).
	Kinds Kinds
	// Roles say what a stage writes, by its "artifacts" key (roles).
	Roles map[string]string
	// Redo says what re-running a stage does, by stage.
	Redo map[int]string
	// Situations are `pickup plan`'s situations, by their JSON value.
	Situations map[string]string
	// Counted nouns.
	RuleCount, ADRCount, ScenarioCount, TicketsExist i18n.P
}

// Kinds are the kinds of JSON values inside a sentence ("the top level
// is a list, not an object").
type Kinds struct {
	Null, Boolean, Number, String, List, Object string
}

var englishWords = Words{
	Kinds: Kinds{Null: "null", Boolean: "a boolean", Number: "a number", String: "a string", List: "a list", Object: "an object"},
	Roles: map[string]string{
		"rules": "business rules", "analysis": "alternatives analysis", "tdd": "TDD", "adrs": "ADRs",
		"contracts": "contracts", "bdd": "BDD scenarios", "tickets": "tickets",
	},
	Redo: map[int]string{
		1: "re-extract rules", 3: "rewrite the design", 4: "rewrite the contracts",
		5: "regenerate the scenarios", 6: "recreate the missing tickets",
	},
	Situations: map[string]string{
		"resume": "resume", "missing_artifact": "missing artifact", "unapproved_artifact": "unapproved artifact",
		"corrupted_rebuild": "corrupted rebuild", "migration": "migration", "archived": "archived",
	},
	RuleCount:     i18n.Plural("{n} rule", "{n} rules"),
	ADRCount:      i18n.Plural("{n} ADR", "{n} ADRs"),
	ScenarioCount: i18n.Plural("{n} scenario", "{n} scenarios"),
	TicketsExist:  i18n.Plural("{n} ticket exists", "{n} tickets exist"),
}

// kind names a value's kind in t's language.
func (t *Text) kind(v gjson.Result) string {
	k := t.Kinds
	switch {
	case v.Type == gjson.Null:
		return k.Null
	case v.Type == gjson.True || v.Type == gjson.False:
		return k.Boolean
	case v.Type == gjson.Number:
		return k.Number
	case v.Type == gjson.String:
		return k.String
	case v.IsArray():
		return k.List
	}
	return k.Object
}

// describe is a value inside a sentence: a string quoted, a number or a
// boolean as written, else its kind ("missing" when absent).
func (t *Text) describe(v gjson.Result) string {
	switch {
	case !v.Exists():
		return t.MissingKind
	case v.Type == gjson.String:
		return strconv.Quote(decoded(v))
	case v.Type == gjson.Number || v.IsBool():
		return v.Raw
	}
	return t.kind(v)
}

// ReaderSays are the lenient JSON reader's sentences (internal/jsondoc):
// what it read anyway, and a file that cannot be read, a message per
// jsondoc.Code.
type ReaderSays struct {
	// At locates a fault: "line 3, column 5: invalid number".
	At i18n.M
	// BOM and TrailingCommas are what was read anyway.
	BOM            string
	TrailingCommas i18n.P
	// The word a fault puts in ({what}) for the end of the file.
	EndOfFile string
	// The faults.
	TooDeep, ValueExpected, KeyExpected, InObject, InList, ColonExpected i18n.M
	AfterValue, ControlChar                                              string
	InvalidString                                                        i18n.M
	StringNotClosed, InvalidNumber, Empty, EndValueMissing, End          string
	EndColon                                                             i18n.M
	// An object or a list left open: one sentence each, so a language
	// can make its article and adjectives agree with the noun ("o objeto
	// aberto", "a lista aberta").
	EndObjectNotClosed, EndListNotClosed i18n.M
}

var englishReader = ReaderSays{
	At:  i18n.T("line {line}, column {col}: {fault}"),
	BOM: "the file starts with a byte order mark (U+FEFF), which JSON does not allow: read anyway",
	TrailingCommas: i18n.Plural("the file has {n} trailing comma, which JSON does not allow: read anyway",
		"the file has {n} trailing commas, which JSON does not allow: read anyway"),
	EndOfFile:          "end of the file",
	TooDeep:            i18n.T("values are nested more than {depth} deep"),
	ValueExpected:      i18n.T("unexpected {what}: a value was expected"),
	KeyExpected:        i18n.T("unexpected {what}: a quoted key was expected"),
	InObject:           i18n.T("unexpected {what}: a comma or } was expected"),
	InList:             i18n.T("unexpected {what}: a comma or ] was expected"),
	ColonExpected:      i18n.T("unexpected {what}: a colon was expected after the key {key}"),
	AfterValue:         "unexpected text after the end of the JSON value",
	ControlChar:        "a string cannot hold a raw control character (a line break inside quotes?)",
	InvalidString:      i18n.T("invalid string: {error}"),
	StringNotClosed:    "unexpected end of the file: the string is not closed",
	InvalidNumber:      "invalid number",
	Empty:              "the file is empty",
	EndValueMissing:    "unexpected end of the file: a value is missing",
	End:                "unexpected end of the file",
	EndColon:           i18n.T("unexpected end of the file: a colon was expected after the key {key}"),
	EndObjectNotClosed: i18n.T("unexpected end of the file: the object opened on line {line} is not closed"),
	EndListNotClosed:   i18n.T("unexpected end of the file: the list opened on line {line} is not closed"),
}

// fault is the reader's error in t's language, without its position.
// A fault design's reader cannot give (a string not UTF-8: design reads
// such bytes as encoding/json does) is said in English.
func (t *Text) fault(e *jsondoc.Error) string {
	r := &t.Reader
	arg := func(i int) string {
		if i >= len(e.Args) {
			return ""
		}
		switch a := e.Args[i].(type) {
		case jsondoc.Word:
			return r.word(a)
		case string:
			return a
		case int:
			return strconv.Itoa(a)
		}
		return ""
	}
	quoted := func(i int) string { return strconv.Quote(arg(i)) }
	switch e.Code {
	case jsondoc.CodeTooDeep:
		return r.TooDeep.F(arg(0))
	case jsondoc.CodeValueExpected:
		return r.ValueExpected.F(arg(0))
	case jsondoc.CodeKeyExpected:
		return r.KeyExpected.F(arg(0))
	case jsondoc.CodeInObject:
		return r.InObject.F(arg(0))
	case jsondoc.CodeInList:
		return r.InList.F(arg(0))
	case jsondoc.CodeColonExpected:
		return r.ColonExpected.F(arg(0), quoted(1))
	case jsondoc.CodeAfterValue:
		return r.AfterValue
	case jsondoc.CodeControlChar:
		return r.ControlChar
	case jsondoc.CodeInvalidString:
		return r.InvalidString.F(arg(0))
	case jsondoc.CodeStringNotClosed:
		return r.StringNotClosed
	case jsondoc.CodeInvalidNumber:
		return r.InvalidNumber
	case jsondoc.CodeEmpty:
		return r.Empty
	case jsondoc.CodeEndValueMissing:
		return r.EndValueMissing
	case jsondoc.CodeEnd:
		return r.End
	case jsondoc.CodeEndColon:
		return r.EndColon.F(quoted(0))
	case jsondoc.CodeEndNotClosed:
		if len(e.Args) > 0 && e.Args[0] == jsondoc.WordList {
			return r.EndListNotClosed.F(arg(1))
		}
		return r.EndObjectNotClosed.F(arg(1))
	}
	return e.Msg()
}

// word is one of the reader's words in r's language.
func (r *ReaderSays) word(w jsondoc.Word) string {
	switch w {
	case jsondoc.WordEndOfFile:
		return r.EndOfFile
	}
	return string(w)
}
