#!/usr/bin/env bash
# bench-compare.sh: pickup against the tools a person would otherwise
# reach for, on the generated 200,000-line crucible manifest.
#
#   pickup plan --json    vs  jq -c . FILE > /dev/null   (target: CPU at most 0.12x)
#   pickup status --json  vs  cat FILE > /dev/null       (the floor)
#
# It prints hyperfine's medians and the ratios, and each pickup command's
# peak RSS from /usr/bin/time -v (target: under 45 MB for plan), then the
# CPU time (user + sys) of each in blocks interleaved with jq's.
#
# ONLY=startup measures instead, on a one-repository AIOS project made in
# a temporary folder, CPU time (user + sys, summed over LOOPS runs per
# block, blocks interleaved so that the load is the same for all):
#
#   pickup --version        vs  a minimal Go binary (func main() {})
#   pickup status           vs  git status
#   pickup hook --agent claude (its CPU per run)
#   pickup statusline (its CPU per run: a kept line, given by the early
#   answer, and one read afresh, the cache removed before each run)
#
# and, for each, its page faults a run, with what this machine charges
# for the first touch of a page of memory: a start-up's cost here is
# mostly the pages it touches.
#
# ONLY=tui times the wizard in a real pseudo-terminal (tmux, 100x30): the
# first frame and an arrow key, on that project and on the same with a
# 1 MB title without a space (ms, median of KEYS keys).
#
# Usage: scripts/bench-compare.sh [DIR]
#   DIR holds inputs written by `go run ./internal/gen -out DIR -kind crucible`;
#   without it they are generated into a temporary folder, removed at the end.
# Environment: RUNS (default 10), WARMUP (default 2), PICKUP (a pickup
# binary to time instead of building one), KEEP=1 (keep the temporary
# folder), ONLY (plan, startup or tui; default plan), LOOPS (default 20),
# ROUNDS (default 5: plan's CPU runs too), KEYS (default 9).
set -euo pipefail

cd "$(dirname "$0")/.."
RUNS=${RUNS:-10}
WARMUP=${WARMUP:-2}

need() { # need CMD PACKAGE: install PACKAGE from Debian's archive when CMD is missing
	command -v "$1" >/dev/null 2>&1 && return
	echo "installing $2 (for $1) with apt-get" >&2
	local sudo=""
	[ "$(id -u)" -eq 0 ] || sudo="sudo"
	$sudo apt-get install -y "$2" >/dev/null 2>&1 || { $sudo apt-get update >/dev/null && $sudo apt-get install -y "$2" >/dev/null; }
}
need hyperfine hyperfine
need jq jq
[ -x /usr/bin/time ] || need /usr/bin/time time

work=$(mktemp -d "${TMPDIR:-/tmp}/pickup-bench-XXXXXX")
cleanup() { if [ "${KEEP:-}" = 1 ]; then echo "kept $work" >&2; else rm -rf "$work"; fi; }
trap cleanup EXIT

ONLY=${ONLY:-plan}
if [ "$ONLY" != plan ]; then
	pickup=${PICKUP:-}
	if [ -z "$pickup" ]; then
		pickup=$work/pickup
		CGO_ENABLED=0 go build -o "$pickup" ./cmd/pickup # as the releases are built
	fi
	# A one-repository project with one AIOS session, and the same
	# session with a 1 MB title.
	mkproject() { # mkproject DIR TITLE-FILE: the sample session, its epic's title read from the file
		mkdir -p "$1/.aios"
		awk -v f="$2" '/title: Projeto Bob/ { getline t <f; sub(/Projeto Bob/, t) } { print }' testdata/aios/paused.yaml >"$1/.aios/.session-state.yaml"
		git -C "$1" init -q
		git -C "$1" add -A
		git -C "$1" -c user.email=bench@example.com -c user.name=bench commit -qm bench
	}
	proj=$work/project
	echo "Projeto Bob" >"$work/title"
	mkproject "$proj" "$work/title"
	echo "machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
fi

if [ "$ONLY" = startup ]; then
	LOOPS=${LOOPS:-20}
	ROUNDS=${ROUNDS:-5}
	mkdir -p "$work/min" "$work/touch"
	printf 'package main\n\nfunc main() {}\n' >"$work/min/main.go"
	(cd "$work/min" && go mod init min >/dev/null 2>&1 && CGO_ENABLED=0 go build -o "$work/minimal" .)
	# touch: what this machine charges for the first touch of a page of
	# memory (a fresh anonymous page, written once), in µs: the unit of
	# a program's start-up, which touches hundreds of them.
	cat >"$work/touch/main.go" <<'GO'
package main

import (
	"fmt"
	"os"
	"syscall"
	"time"
)

func main() {
	const pages = 8192
	size := os.Getpagesize()
	b, err := syscall.Mmap(-1, 0, pages*size, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		panic(err)
	}
	t := time.Now()
	for i := 0; i < pages; i++ {
		b[i*size] = 1
	}
	fmt.Printf("%.2f\n", float64(time.Since(t).Nanoseconds())/pages/1000)
}
GO
	(cd "$work/touch" && go mod init touch >/dev/null 2>&1 && CGO_ENABLED=0 go build -o "$work/touchpages" .)
	cpu() { # cpu NAME CMD: add CMD's CPU (ms) and page faults over LOOPS runs to NAME's totals
		local t
		t=$( { /usr/bin/time -f "%U %S %R" bash -c "for i in \$(seq $LOOPS); do $2 >/dev/null 2>&1 </dev/null; done" >/dev/null; } 2>&1 | tail -n 1)
		awk -v t="$t" -v n="$1" 'BEGIN { split(t, a, " "); printf "%s %.1f %d\n", n, (a[1] + a[2]) * 1000, a[3] }' >>"$work/cpu"
	}
	: >"$work/cpu"
	hook="echo '{}' | '$pickup' hook --agent claude"
	# The statusline: Claude Code's JSON naming the project, pickup's own
	# state folder, the project's files a minute old (an answer built on
	# a file changed in the last 2 s is not kept).
	mkdir -m 700 "$work/state"
	printf '{"cwd":"%s","workspace":{"current_dir":"%s","project_dir":"%s"}}' "$proj" "$proj" "$proj" >"$work/payload.json"
	find "$proj" -exec touch -h -d '-1 minute' {} +
	line="( cd '$proj' && XDG_STATE_HOME='$work/state' '$pickup' statusline <'$work/payload.json' )"
	fresh="( rm -f '$work/state/pickup/statusline.cache' && cd '$proj' && XDG_STATE_HOME='$work/state' '$pickup' statusline <'$work/payload.json' )"
	bash -c "$line" >/dev/null
	for _ in $(seq "$ROUNDS"); do
		cpu version "'$pickup' --version"
		cpu minimal "'$work/minimal'"
		cpu status "cd '$proj' && '$pickup' status"
		cpu git "cd '$proj' && git status"
		cpu hook "cd '$proj' && $hook"
		cpu echo "cd '$proj' && echo '{}' | true"
		cpu line "$line"
		cpu fresh "$fresh"
		cpu sub "( rm -f '$work/none' && cd '$proj' && true <'$work/payload.json' )"
	done
	touch=$(for _ in 1 2 3 4 5; do "$work/touchpages"; done | sort -n | sed -n 3p)
	awk -v runs=$((LOOPS * ROUNDS)) -v touch="$touch" '{ s[$1] += $2; f[$1] += $3 } END {
		printf "pickup --version: %.2f ms of CPU a run; a minimal Go binary %.2f ms: ratio %.1fx\n", s["version"] / runs, s["minimal"] / runs, s["version"] / s["minimal"]
		printf "pickup status: %.2f ms; git status %.2f ms: ratio %.1fx\n", s["status"] / runs, s["git"] / runs, s["status"] / s["git"]
		printf "pickup hook --agent claude: %.2f ms of CPU a run (the shell and cd around it: %.2f ms, not taken off)\n", s["hook"] / runs, s["echo"] / runs
		printf "pickup statusline, a kept line: %.2f ms of CPU a run; read afresh: %.2f ms (the subshell, rm and cd around them: %.2f ms, not taken off)\n", s["line"] / runs, s["fresh"] / runs, s["sub"] / runs
		printf "page faults a run (the shell around each included): --version %d, minimal %d, status %d, git status %d, hook %d, shell alone %d\n", f["version"] / runs, f["minimal"] / runs, f["status"] / runs, f["git"] / runs, f["hook"] / runs, f["echo"] / runs
		printf "this machine: the first touch of a page of memory costs %s µs (median of 5 runs of 8,192 pages)\n", touch
	}' "$work/cpu"
	exit 0
fi

if [ "$ONLY" = tui ]; then
	need tmux tmux
	KEYS=${KEYS:-9}
	big=$work/big
	head -c 1048576 /dev/zero | tr '\0' x >"$work/title-1MB"
	echo >>"$work/title-1MB"
	mkproject "$big" "$work/title-1MB"
	session=pickup-bench-$$
	now() { date +%s%N; }
	# tui NAME DIR: ms to the first frame, then the median ms of KEYS
	# arrow keys (each until the screen changes), in tmux at 100x30.
	tui() {
		local t0 t1 before after ms=()
		tmux kill-session -t "$session" 2>/dev/null || true
		t0=$(now)
		tmux new-session -d -s "$session" -x 100 -y 30 "cd '$2' && NO_COLOR= TERM=xterm-256color '$pickup'; sleep 30"
		until tmux capture-pane -p -t "$session" | grep -q "CONTINUE"; do sleep 0.002; done
		t1=$(now)
		local first=$(((t1 - t0) / 1000000))
		for k in $(seq "$KEYS"); do
			before=$(tmux capture-pane -p -t "$session")
			key=Down
			[ $((k % 2)) = 0 ] && key=Up
			t0=$(now)
			tmux send-keys -t "$session" "$key"
			while after=$(tmux capture-pane -p -t "$session"); [ "$after" = "$before" ]; do sleep 0.002; done
			ms+=($((($(now) - t0) / 1000000)))
		done
		tmux kill-session -t "$session"
		printf '%s %d %s\n' "$1" "$first" "$(printf '%s\n' "${ms[@]}" | sort -n | sed -n "$(((KEYS + 1) / 2))p")"
	}
	: >"$work/tui"
	for _ in 1 2 3; do
		tui normal "$proj" >>"$work/tui"
		tui title-1MB "$big" >>"$work/tui"
	done
	awk '{ f[$1] = f[$1] " " $2; k[$1] = k[$1] " " $3; fs[$1] += $2; ks[$1] += $3 } END {
		for (n in f) printf "%s: first frame (ms, 3 runs):%s; a key (median ms, per run):%s\n", n, f[n], k[n]
		printf "1 MB title / normal: first frame %.2fx, key %.2fx\n", fs["title-1MB"] / fs["normal"], ks["title-1MB"] / ks["normal"]
	}' "$work/tui"
	exit 0
fi

data=${1:-}
if [ -z "$data" ]; then
	data=$work/data
	echo "generating the crucible inputs into $data" >&2
	go run ./internal/gen -out "$data" -kind crucible >&2
fi
data=$(cd "$data" && pwd)
project=$data/crucible/project
home=$data/crucible/home
manifest=$(ls "$home"/projects/*/memory/crucible-dispatch-*/manifest.jsonl 2>/dev/null | head -n 1)
if [ ! -d "$project" ] || [ -z "$manifest" ]; then
	echo "bench-compare: no crucible inputs in $data (run: go run ./internal/gen -out $data -kind crucible)" >&2
	exit 2
fi

pickup=${PICKUP:-}
if [ -z "$pickup" ]; then
	pickup=$work/pickup
	CGO_ENABLED=0 go build -o "$pickup" ./cmd/pickup # as the releases are built
fi

plan="cd '$project' && '$pickup' plan --json --claude-home '$home' '$manifest' > /dev/null"
status="'$pickup' status --json --claude-home '$home' '$project' > /dev/null"
jqcmd="jq -c . '$manifest' > /dev/null 2>&1" # the last line is truncated: jq reads it all, then fails on it
catcmd="cat '$manifest' > /dev/null"

# Both pickup commands must work before they are timed.
for c in "$plan" "$status"; do
	if ! bash -c "$c"; then
		echo "bench-compare: this failed: $c" >&2
		exit 1
	fi
done

lines=$(wc -l <"$manifest")
size=$(du -m "$manifest" | cut -f1)
echo "manifest: $manifest ($((lines + 1)) lines, last one truncated; ${size} MB)"
echo "machine: $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo

# median CMD_A CMD_B NAME: hyperfine both, print the medians and A/B.
median() {
	local json=$work/$3.json
	hyperfine --style basic --warmup "$WARMUP" --runs "$RUNS" --ignore-failure --export-json "$json" \
		-n "pickup" "$1" -n "$4" "$2" >/dev/null
	jq -r --arg name "$3" '
		(.results[0].median) as $a | (.results[1].median) as $b |
		"\($name): pickup \($a * 1000 | round) ms (median of \(.results[0].times | length)), \(.results[1].command) \($b * 1000 | round) ms, ratio \(($a / $b) * 1000 | round / 1000)x"' "$json"
}

rss() { # rss DIR CMD ARGS...: peak resident set size in MB of CMD run in DIR
	local dir=$1
	shift
	(cd "$dir" && /usr/bin/time -v "$@" 2>&1 >/dev/null) | awk -F': ' '/Maximum resident set size/ {printf "%.1f", $2 / 1024}'
}

median "$plan" "$jqcmd" "plan-vs-jq" "jq -c ."
median "$status" "$catcmd" "status-vs-cat" "cat"
echo
echo "peak RSS: pickup plan --json $(rss "$project" "$pickup" plan --json --claude-home "$home" "$manifest") MB," \
	"pickup status --json $(rss "$project" "$pickup" status --json --claude-home "$home" "$project") MB," \
	"jq -c . $(rss "$project" jq -c . "$manifest") MB"
# CPU (user + sys), interleaved: pickup, then jq, ROUNDS times; medians.
cputime() { # cputime DIR CMD ARGS...: user + sys seconds of CMD run in DIR
	local dir=$1
	shift
	(cd "$dir" && /usr/bin/time -f "%U %S" "$@" 2>&1 >/dev/null) | tail -n 1 | awk '{ print $1 + $2 }'
}
: >"$work/plan-cpu"
for _ in $(seq "${ROUNDS:-5}"); do
	echo "pickup $(cputime "$project" "$pickup" plan --json --claude-home "$home" "$manifest")" >>"$work/plan-cpu"
	echo "jq $(cputime "$project" sh -c "jq -c . '$manifest' 2>/dev/null")" >>"$work/plan-cpu"
done
for n in pickup jq; do
	grep "^$n " "$work/plan-cpu" | cut -d' ' -f2 | sort -n | awk -v n="$n" '{ v[NR] = $1 } END { print n, v[int((NR + 1) / 2)] }'
done >"$work/plan-med"
awk '{ m[$1] = $2 } END { printf "plan-vs-jq CPU (user + sys, median of interleaved runs): pickup %.2f s, jq -c . %.2f s, ratio %.3fx\n", m["pickup"], m["jq"], m["pickup"] / m["jq"] }' "$work/plan-med"
echo "targets: plan's CPU at most 0.12x jq's; plan's peak RSS under 45 MB"
