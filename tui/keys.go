package tui

import (
	"slices"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/viewport"
	tea "charm.land/bubbletea/v2"

	"github.com/pickup-dev/pickup/model"
	"github.com/pickup-dev/pickup/tui/msg"
)

// maxPicks is how many options have a number key: the four choices.
const maxPicks = 4

// KeyMap is every key the wizard knows. Which bindings are enabled depends
// on the screen and on what the core allows (see sync), so the help bar and
// the behaviour never disagree.
type KeyMap struct {
	Up   key.Binding
	Down key.Binding
	// Move is Up and Down as one help entry; it is never matched itself.
	Move     key.Binding
	Pick     [maxPicks]key.Binding // 1-4: the Nth visible option
	Choose   key.Binding           // enter
	Back     key.Binding           // esc (never destructive)
	Yes      key.Binding
	No       key.Binding
	PageUp   key.Binding
	PageDown key.Binding
	Top      key.Binding
	Bottom   key.Binding
	Help     key.Binding
	Quit     key.Binding // q: leave, changing nothing
	Cancel   key.Binding // ctrl+c: same as q, and the caller exits 130
	Suspend  key.Binding // ctrl+z: stop the program; the shell's fg brings the same screen back
	// The picker and the artifact browser. Each key means the same on
	// every screen that has it.
	Filter  key.Binding // /: type to narrow a list
	ShowAll key.Binding // a: archived sessions too
	// Worktrees (w): the sessions of the repository's other worktrees too.
	Worktrees key.Binding
	Browse    key.Binding // v: the session's artifacts
	Open      key.Binding // enter, o: the artifact in $PAGER
	Edit      key.Binding // e: the artifact in $EDITOR
	// A REVIEW grid's cursor moves by cell: Up and Down by row, Left
	// and Right by column.
	Left  key.Binding // left, h
	Right key.Binding // right, l
	// Reload reads the session again from disk after a write was refused
	// because its state file changed (session.go).
	Reload key.Binding // r
	// Verbs are the four choices' letter keys (VerbKeys): each means the
	// same choice on every screen and in every format, whatever number
	// the menu gives it. order is the menu's order (the help lists the
	// options as the screen does); options are their entries in ?.
	Verbs   [len(verbOrder)]key.Binding
	order   []model.Choice
	options []key.Binding
	joined  key.Binding // the enabled letters in one entry
}

// verbOrder indexes KeyMap.Verbs.
var verbOrder = [...]model.Choice{model.Continue, model.Review, model.Restart, model.Discard}

// VerbKeys are the letter keys of the four choices. None clashes with
// another binding: r is reload, v artifacts, e edit, o open, a show all,
// q quit, y and n answer, hjkl g G b f move. RESTART and DISCARD throw
// state away, so theirs take shift, as lazygit's destructive keys do.
var VerbKeys = map[model.Choice]string{
	model.Continue: "c",
	model.Review:   "p", // progress: seed 001's "see detailed progress"
	model.Restart:  "R",
	model.Discard:  "D",
}

// verbWord is a choice's name in the help: "continue".
func verbWord(cat *msg.Catalog, ch model.Choice) string {
	if n, ok := cat.Choices[ch]; ok {
		return strings.ToLower(n)
	}
	return string(ch)
}

// verb is the binding of choice c.
func (km *KeyMap) verb(c model.Choice) *key.Binding {
	for i, v := range verbOrder {
		if v == c {
			return &km.Verbs[i]
		}
	}
	return nil
}

// NewKeyMap builds the bindings with the catalog's help wording.
func NewKeyMap(c *msg.Catalog) KeyMap {
	k := c.Keys
	km := KeyMap{
		Up:        key.NewBinding(key.WithKeys("up", "k"), key.WithHelp("↑/k", k.Up)),
		Down:      key.NewBinding(key.WithKeys("down", "j"), key.WithHelp("↓/j", k.Down)),
		Move:      key.NewBinding(key.WithKeys("up", "down", "k", "j"), key.WithHelp("↑↓", k.Move)),
		Choose:    key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", k.Choose)),
		Back:      key.NewBinding(key.WithKeys("esc", "backspace"), key.WithHelp("esc", k.Back)),
		Yes:       key.NewBinding(key.WithKeys(yesKeys(c)...), key.WithHelp(yesKey(c), k.DiscardYes)),
		No:        key.NewBinding(key.WithKeys("n", "N"), key.WithHelp("n", k.DiscardNo)),
		PageUp:    key.NewBinding(key.WithKeys("pgup", "b"), key.WithHelp("pgup", k.PageUp)),
		PageDown:  key.NewBinding(key.WithKeys("pgdown", "space", "f"), key.WithHelp("pgdn", k.PageDown)),
		Top:       key.NewBinding(key.WithKeys("home", "g"), key.WithHelp("home", k.Top)),
		Bottom:    key.NewBinding(key.WithKeys("end", "G"), key.WithHelp("end", k.Bottom)),
		Help:      key.NewBinding(key.WithKeys("?"), key.WithHelp("?", k.More)),
		Quit:      key.NewBinding(key.WithKeys("q"), key.WithHelp("q", k.Quit)),
		Cancel:    key.NewBinding(key.WithKeys("ctrl+c")),
		Suspend:   key.NewBinding(key.WithKeys("ctrl+z")),
		Filter:    key.NewBinding(key.WithKeys("/"), key.WithHelp("/", k.Filter)),
		ShowAll:   key.NewBinding(key.WithKeys("a"), key.WithHelp("a", k.ShowAll)),
		Worktrees: key.NewBinding(key.WithKeys("w"), key.WithHelp("w", k.Worktrees)),
		Browse:    key.NewBinding(key.WithKeys("v"), key.WithHelp("v", k.Artifacts)),
		Open:      key.NewBinding(key.WithKeys("enter", "o"), key.WithHelp("enter/o", k.Open)),
		Edit:      key.NewBinding(key.WithKeys("e"), key.WithHelp("e", k.Edit)),
		Left:      key.NewBinding(key.WithKeys("left", "h"), key.WithHelp("←/h", k.Left)),
		Right:     key.NewBinding(key.WithKeys("right", "l"), key.WithHelp("→/l", k.Right)),
		Reload:    key.NewBinding(key.WithKeys("r"), key.WithHelp("r", c.Session.ReloadKey)),
	}
	for i := range km.Pick {
		n := strconv.Itoa(i + 1)
		km.Pick[i] = key.NewBinding(key.WithKeys(n), key.WithHelp(n, ""))
	}
	for i, ch := range verbOrder {
		km.Verbs[i] = key.NewBinding(key.WithKeys(VerbKeys[ch]), key.WithHelp(VerbKeys[ch], verbWord(c, ch)))
	}
	return km
}

// yesKey is the key that answers yes in the catalog's language ("s"
// for sim); y answers yes in every language.
func yesKey(c *msg.Catalog) string {
	if k := c.Local.YesKey; k != "" {
		return k
	}
	return "y"
}

// yesKeys are every key that answers yes.
func yesKeys(c *msg.Catalog) []string {
	keys := []string{"y", "Y"}
	if k := yesKey(c); k != "y" {
		keys = append(keys, k, strings.ToUpper(k))
	}
	return keys
}

// keyState is what sync needs to know to enable the right bindings.
type keyState struct {
	screen  model.Screen
	visible []model.Option
	armed   bool // a confirmation accepts answers (grace period over)
	scroll  bool // the body is taller than its room
	showAll bool
	ascii   bool // label arrows in ASCII (NO_COLOR, dumb terminals, a locale without UTF-8)
	// ownQuestion: the confirmation is a source's own question, not
	// DISCARD's, so its answers are plain yes and no.
	ownQuestion bool
	catalog     *msg.Catalog

	view view
	// filtering: a list's filter is being typed, so letters are text.
	filtering bool
	// filtered: a filter narrows the list (esc clears it).
	filtered bool
	// rows is how many rows the picker or browser list shows.
	rows int
	// archived counts archived sessions; showAll is the picker's toggle.
	archived  int
	showAllOn bool
	// others counts the other worktrees' sessions; worktreesOn is w.
	others      int
	worktreesOn bool
	hasPicker   bool // esc on the options screen goes back to the picker
	canBrowse   bool // the artifact browser is available
	openable    bool // the highlighted artifact can be opened
	grid        bool // REVIEW shows a grid whose cell the arrows move
	canReload   bool // a refused write offers to read the session again
}

// keyLabels are how the help bar names the arrow keys.
type keyLabels struct{ up, down, move, left, right, cell string }

var (
	arrowLabels = keyLabels{up: "↑/k", down: "↓/j", move: "↑↓", left: "←/h", right: "→/l", cell: "↑↓←→"}
	asciiLabels = keyLabels{up: "k/up", down: "j/down", move: "j/k", left: "h/left", right: "l/right", cell: "hjkl"}
)

// sync enables the bindings that do something on this screen, and sets
// the wording that depends on it.
func (km *KeyMap) sync(s keyState) {
	k := s.catalog.Keys
	lb := arrowLabels
	if s.ascii {
		lb = asciiLabels
	}
	// Every binding off, then on as the screen offers it. (A fixed array,
	// not a list grown with append: pointers into km kept in a growing
	// list make the whole Model escape to the heap at every key.)
	for _, b := range [...]*key.Binding{&km.Up, &km.Down, &km.Choose, &km.Back, &km.Yes, &km.No,
		&km.PageUp, &km.PageDown, &km.Top, &km.Bottom,
		&km.Filter, &km.ShowAll, &km.Worktrees, &km.Browse, &km.Open, &km.Edit, &km.Left, &km.Right, &km.Reload} {
		b.SetEnabled(false)
	}
	for i := range km.Pick {
		km.Pick[i].SetEnabled(false)
	}
	for i := range km.Verbs {
		km.Verbs[i].SetEnabled(false)
	}
	km.order, km.options = nil, nil
	km.joined = key.Binding{}
	terminal := s.screen == model.ScreenDone || s.screen == model.ScreenQuit || s.screen == model.ScreenNoSession
	km.Quit.SetEnabled(!terminal)
	km.Cancel.SetEnabled(!terminal)
	km.Suspend.SetEnabled(!terminal)
	km.Help.SetEnabled(!terminal)
	if s.showAll {
		km.Help.SetHelp("?", k.Less)
	} else {
		km.Help.SetHelp("?", k.More)
	}
	km.Up.SetHelp(lb.up, k.Up)
	km.Down.SetHelp(lb.down, k.Down)
	km.Move.SetHelp(lb.move, k.Move)
	km.Left.SetHelp(lb.left, k.Left)
	km.Right.SetHelp(lb.right, k.Right)
	km.Back.SetHelp("esc", k.Back)
	km.Choose.SetHelp("enter", k.Choose)
	km.No.SetKeys("n", "N")
	if s.view != viewWizard {
		km.syncList(s, lb)
		return
	}

	switch s.screen {
	case model.ScreenOptions, model.ScreenCorrupted:
		km.Browse.SetEnabled(s.canBrowse)
		// Read-only: r reads the session again and tries its lock again.
		km.Reload.SetEnabled(s.canReload)
		if s.hasPicker {
			km.Back.SetEnabled(true)
			km.Back.SetHelp("esc", k.Sessions)
		}
		km.Up.SetEnabled(len(s.visible) > 1)
		km.Down.SetEnabled(len(s.visible) > 1)
		km.Choose.SetEnabled(len(s.visible) > 0)
		km.syncChoices(s)
	case model.ScreenReview:
		km.Browse.SetEnabled(s.canBrowse)
		km.Back.SetEnabled(true)
		if s.grid {
			// The arrows move the grid's cursor; paging keys scroll.
			for _, b := range []*key.Binding{&km.Up, &km.Down, &km.Left, &km.Right} {
				b.SetEnabled(true)
			}
			km.Move.SetHelp(lb.cell, k.Move)
			break
		}
		km.Up.SetEnabled(s.scroll)
		km.Down.SetEnabled(s.scroll)
		km.Up.SetHelp(lb.up, k.Scroll)
		km.Down.SetHelp(lb.down, k.Scroll)
		km.Move.SetHelp(lb.move, k.Scroll)
	case model.ScreenGitCheck:
		km.Back.SetEnabled(true)
		km.Back.SetHelp("esc", k.CancelCheck)
	case model.ScreenVeto:
		km.Back.SetEnabled(true)
		km.Yes.SetEnabled(s.armed)
		km.No.SetEnabled(s.armed)
		km.Yes.SetHelp(yesKey(s.catalog), k.VetoYes)
		km.No.SetHelp("n", k.VetoNo)
	case model.ScreenConfirm:
		km.Back.SetEnabled(true)
		km.Yes.SetEnabled(s.armed)
		km.No.SetEnabled(s.armed)
		// [y/N]: enter takes the default, which is No.
		km.No.SetKeys("n", "N", "enter")
		if s.ownQuestion {
			km.Yes.SetHelp(yesKey(s.catalog), k.QuestionYes)
			km.No.SetHelp("n/enter", k.QuestionNo)
		} else {
			km.Yes.SetHelp(yesKey(s.catalog), k.DiscardYes)
			km.No.SetHelp("n/enter", k.DiscardNo)
		}
	case model.ScreenFailed:
		km.Back.SetEnabled(true)
		km.Reload.SetEnabled(s.canReload)
	}
	if s.scroll && !terminal {
		km.PageUp.SetEnabled(true)
		km.PageDown.SetEnabled(true)
		km.Top.SetEnabled(true)
		km.Bottom.SetEnabled(true)
		if s.screen != model.ScreenOptions && s.screen != model.ScreenCorrupted && !s.grid {
			km.Up.SetEnabled(true)
			km.Down.SetEnabled(true)
			km.Up.SetHelp(lb.up, k.Scroll)
			km.Down.SetHelp(lb.down, k.Scroll)
			km.Move.SetHelp(lb.move, k.Scroll)
		}
	}
}

// syncChoices sets the options' keys: a number for each option shown,
// in the menu's order, and each choice's letter. A disabled or hidden
// choice keeps its keys (pressing one shows why it is off) but its
// binding is off, so the help bar does not offer it; the full help
// lists every option shown, as the screen does.
func (km *KeyMap) syncChoices(s keyState) {
	for i := range km.Pick {
		if i < len(s.visible) {
			o := s.visible[i]
			km.Pick[i].SetKeys(strconv.Itoa(i + 1))
			km.Pick[i].SetHelp(strconv.Itoa(i+1), verbWord(s.catalog, o.Choice))
			km.Pick[i].SetEnabled(o.Enabled)
		} else {
			km.Pick[i].Unbind()
		}
	}
	shown := map[model.Choice]bool{}
	for i, o := range s.visible {
		shown[o.Choice] = true
		km.order = append(km.order, o.Choice)
		v := km.verb(o.Choice)
		v.SetEnabled(o.Enabled)
		desc := verbWord(s.catalog, o.Choice)
		if !o.Enabled {
			desc += " " + s.catalog.Keys.Off
		}
		km.options = append(km.options, key.NewBinding(key.WithKeys(strconv.Itoa(i+1), VerbKeys[o.Choice]),
			key.WithHelp(strconv.Itoa(i+1)+" "+VerbKeys[o.Choice], desc)))
	}
	for _, c := range verbOrder {
		// A choice the menu does not show (REVIEW after a crash) keeps
		// its letter, which says why.
		if !shown[c] {
			km.verb(c).SetEnabled(false)
		}
	}
	var letters []string
	for _, c := range km.order {
		if km.verb(c).Enabled() {
			letters = append(letters, VerbKeys[c])
		}
	}
	km.joined = key.NewBinding(key.WithKeys(letters...), key.WithHelp(strings.Join(letters, "/"), s.catalog.Keys.Choices))
	km.joined.SetEnabled(len(letters) > 0)
}

// syncList enables the picker's or the browser's keys. While a filter
// is typed, letters are text: only the arrows, enter (keep the filter),
// esc (clear it) and ctrl+c work.
func (km *KeyMap) syncList(s keyState, lb keyLabels) {
	k := s.catalog.Keys
	km.Move.SetHelp(lb.move, k.Move)
	if s.filtering {
		km.Quit.SetEnabled(false)
		km.Help.SetEnabled(false)
		km.Up.SetEnabled(s.rows > 1)
		km.Down.SetEnabled(s.rows > 1)
		km.Move.SetHelp("↑↓", k.Move)
		if s.ascii {
			km.Move.SetHelp("up/down", k.Move)
		}
		km.Choose.SetEnabled(true)
		km.Choose.SetHelp("enter", k.ApplyFilter)
		km.Back.SetEnabled(true)
		km.Back.SetHelp("esc", k.ClearFilter)
		return
	}
	km.Up.SetEnabled(s.rows > 1)
	km.Down.SetEnabled(s.rows > 1)
	km.Filter.SetEnabled(true)
	if s.filtered {
		km.Back.SetEnabled(true)
		km.Back.SetHelp("esc", k.ClearFilter)
	}
	switch s.view {
	case viewPicker:
		km.Choose.SetEnabled(s.rows > 0)
		km.Browse.SetEnabled(s.canBrowse && s.rows > 0)
		km.ShowAll.SetEnabled(s.archived > 0)
		if s.showAllOn {
			km.ShowAll.SetHelp("a", k.HideArchived)
		} else {
			km.ShowAll.SetHelp("a", k.ShowAll)
		}
		km.Worktrees.SetEnabled(s.others > 0)
		if s.worktreesOn {
			km.Worktrees.SetHelp("w", k.HideWorktrees)
		} else {
			km.Worktrees.SetHelp("w", k.Worktrees)
		}
		km.PageUp.SetEnabled(s.scroll)
		km.PageDown.SetEnabled(s.scroll)
		km.Top.SetEnabled(s.scroll)
		km.Bottom.SetEnabled(s.scroll)
	case viewBrowser:
		if !s.filtered {
			km.Back.SetEnabled(true)
		}
		km.Open.SetEnabled(s.openable)
		km.Edit.SetEnabled(s.openable)
		// Paging keys scroll the preview.
		km.PageUp.SetEnabled(s.scroll)
		km.PageDown.SetEnabled(s.scroll)
		km.Top.SetEnabled(s.scroll)
		km.Bottom.SetEnabled(s.scroll)
	}
}

// matchesOff reports whether k is one of b's keys while b is disabled: a
// number key of a choice the core turned off.
func matchesOff(k tea.KeyPressMsg, b key.Binding) bool {
	if b.Enabled() || len(b.Keys()) == 0 {
		return false
	}
	b.SetEnabled(true)
	return key.Matches(k, b)
}

// ShortHelp is the one-line help bar, most useful first: the help bar
// drops from the end what does not fit. PinnedHelp always stays.
func (km KeyMap) ShortHelp() []key.Binding {
	move := km.Move
	move.SetEnabled(km.Up.Enabled() || km.Down.Enabled() || km.Left.Enabled() || km.Right.Enabled())
	out := []key.Binding{km.Reload, km.Choose, km.Open, km.Yes, km.No, km.Back}
	for _, c := range km.order {
		out = append(out, *km.verb(c))
	}
	return append(out, km.Filter, km.ShowAll, km.Worktrees, km.Browse, km.Edit, move, km.PageDown)
}

// ShortHelpJoined is ShortHelp with the choices' letters in one entry,
// "c/R/D choices", for a bar too narrow for each.
func (km KeyMap) ShortHelpJoined() []key.Binding {
	var out []key.Binding
	joined := false
	for _, b := range km.ShortHelp() {
		if !km.isVerb(b) {
			out = append(out, b)
			continue
		}
		if !joined {
			joined = true
			out = append(out, km.joined)
		}
	}
	return out
}

// isVerb reports whether b is a choice's letter.
func (km KeyMap) isVerb(b key.Binding) bool {
	for _, v := range km.Verbs {
		if slices.Equal(v.Keys(), b.Keys()) && v.Help() == b.Help() {
			return true
		}
	}
	return false
}

// PinnedHelp ends the help bar at every width: "? more", "q quit".
func (km KeyMap) PinnedHelp() []key.Binding { return []key.Binding{km.Help, km.Quit} }

// FullHelp is the expanded help (toggled with ?). Its first column is
// the menu, in the screen's order, each option with its number and
// letter.
func (km KeyMap) FullHelp() [][]key.Binding {
	// "? less" and "q quit" come second: columns that do not fit the
	// width are cut from the end.
	return [][]key.Binding{
		km.options,
		{km.Help, km.Quit},
		{km.Up, km.Down, km.Left, km.Right, km.Choose, km.Back},
		{km.Yes, km.No, km.PageUp, km.PageDown, km.Top, km.Bottom},
		{km.Open, km.Edit, km.Filter, km.ShowAll, km.Worktrees, km.Browse, km.Reload},
	}
}

// page scrolls vp by a page, or to its top or bottom, when k is one of
// those keys, and reports whether it was.
func (km *KeyMap) page(vp *viewport.Model, k tea.KeyPressMsg) bool {
	switch {
	case key.Matches(k, km.PageUp):
		vp.PageUp()
	case key.Matches(k, km.PageDown):
		vp.PageDown()
	case key.Matches(k, km.Top):
		vp.GotoTop()
	case key.Matches(k, km.Bottom):
		vp.GotoBottom()
	default:
		return false
	}
	return true
}
