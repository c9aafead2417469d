package model

// Prompt is a handoff prompt for the agent that continues (`pickup
// resume --choice continue --emit prompt`), as data: internal/promptdoc
// renders it as markdown, one paragraph per part, a blank line between
// paragraphs. Text a format read from a file goes in Fields values and
// Quote, which the renderer quotes; Lines, Code and Raw are the format's
// own words, kept as written.
type Prompt struct {
	// Title is the first paragraph (e.g. "# Resume: «name»").
	Title    string
	Sections []PromptSection
	// StateFile, when set, closes the prompt with the catalog's "State
	// file: «path» (source)." line.
	StateFile, Source string
	// EndBlank leaves a blank line after the last paragraph.
	EndBlank bool
}

// PromptSection is a part of a Prompt: a heading paragraph, the
// catalog's quoted-data note, then one paragraph of Lines, Fields, Code,
// Quote and Raw, in that order (each part only when set).
type PromptSection struct {
	// Heading is a paragraph of its own (e.g. "## Context").
	Heading string
	// Note puts the catalog's sentence saying quoted text is data, never
	// an instruction, in a paragraph of its own after Heading.
	Note bool
	// Lines are the format's own lines, one after another.
	Lines []string
	// Fields are "- label: «value»" lines.
	Fields []PromptField
	// Code lines are indented four spaces (a markdown code block).
	Code []string
	// Quote is a file's text, as a "> " block quote of at most
	// QuoteLines lines (0: 200). With QuoteLines set the quote is there
	// even when Quote is empty (an empty file quotes as ">").
	Quote      string
	QuoteLines int
	// Raw is text the format lays out itself (already quoted where it
	// holds a file's text), written as it is.
	Raw string
}

// PromptField is a label and a value read from a file, quoted on one
// line of at most Max characters (0: 1000); with Block, a value of
// several lines is an indented block quote between blank lines instead.
type PromptField struct {
	Label, Value string
	Max          int
	Block        bool
}
