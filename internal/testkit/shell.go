package testkit

import (
	"os/exec"
	"strings"
	"testing"
)

// ShellArgv is what bash runs for script, with each of commands a shell
// function that prints its own name and arguments (so nothing runs): one
// command a line, the words NUL-separated, and bash's errors after. Two
// scripts that run the same commands with the same arguments give the
// same text: the check that a command laid out on screen, copied, runs
// as meant. It skips the test where bash is not installed.
func ShellArgv(t testing.TB, script string, commands ...string) string {
	t.Helper()
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("bash is not installed")
	}
	var defs strings.Builder
	for _, c := range commands {
		defs.WriteString(c + "(){ printf '%s\\0' " + c + " \"$@\"; printf '\\n'; }\n")
	}
	out, _ := exec.Command("bash", "--norc", "--noprofile", "-c", defs.String()+script).CombinedOutput()
	return string(out)
}
