#!/usr/bin/env bash
# bench-compare.sh: pickup against the tools a person would otherwise
# reach for, on the generated 200,000-line crucible manifest.
#
#   pickup plan --json    vs  jq -c . FILE > /dev/null   (target: at most 0.25x)
#   pickup status --json  vs  cat FILE > /dev/null       (the floor)
#
# It prints hyperfine's medians and the ratios, and each pickup command's
# peak RSS from /usr/bin/time -v (target: under 80 MB for plan).
#
# Usage: scripts/bench-compare.sh [DIR]
#   DIR holds inputs written by `go run ./internal/gen -out DIR -kind crucible`;
#   without it they are generated into a temporary folder, removed at the end.
# Environment: RUNS (default 10), WARMUP (default 2), PICKUP (a pickup
# binary to time instead of building one), KEEP=1 (keep the temporary folder).
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
	go build -o "$pickup" ./cmd/pickup
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
echo "targets: plan at most 0.25x jq's time; plan's peak RSS under 80 MB"
