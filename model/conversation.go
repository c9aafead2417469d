package model

import "time"

// ActivityConversation: an agent conversation linked to the session is
// held by a living process of its agent (Claude Code's live registry, a
// held Codex writer lock; loaders/convo).
const ActivityConversation ActivityKind = "conversation"

// Conversation is the agent conversation most probably behind a
// session (loaders/convo finds it; cmd hands it in with Loaded): which
// agent, which conversation, whether its process lives, and the exact
// command back into it. Only its title is kept of its content.
type Conversation struct {
	Agent  string    `json:"agent"`
	ID     string    `json:"id"`
	Title  string    `json:"title,omitempty"`
	Cwd    string    `json:"cwd"`
	Branch string    `json:"branch,omitempty"`
	Last   time.Time `json:"last_activity"`
	// Live is "alive", "dead" or "unknown" (the store cannot tell).
	Live string `json:"live"`
	PID  int    `json:"pid,omitempty"`
	// Link is how it was linked: "same_folder_and_time" (a guess:
	// same folder, overlapping time) or "recorded_by_hook".
	Link string `json:"link"`
	// Way is "resume", "fork" (a foreground process holds it: resuming
	// would fork it), "attach" (a background agent holds it) or
	// "open_elsewhere" (another client holds it; no command).
	Way     string `json:"way"`
	Command string `json:"command,omitempty"`
}

// How a conversation was linked to a session (Conversation.Link).
const (
	// LinkGuessed: same folder and overlapping time ("probably").
	LinkGuessed = "same_folder_and_time"
	// LinkRecorded: pickup's hook recorded the conversation's id when
	// the agent started in the project.
	LinkRecorded = "recorded_by_hook"
)
