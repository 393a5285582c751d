#!/usr/bin/env bash
# Repeatability of audits with web views: RUNS consecutive audits of a config with `webViews:`
# (default: the bundled Examples/Web) while every core is kept busy, then one audit whose browser
# is killed once mid-run; every run's reports must equal the first run's byte for byte.
#
# Usage: scripts/web-repeatability.sh [config] (from the repository root, after `swift build`)
# Environment: TYPEFIT (the binary; default .build/debug/typefit), RUNS (default 20),
# LOAD (busy processes; default: the number of cores), KEEP=1 keeps the output folder.
#
# The reports carry no time stamps or durations (docs/cli.md: reports are deterministic), so
# nothing is excluded from the comparison. Exit status: 0 when every run matched, 1 otherwise.
set -u
config=${1:-Examples/Web/typefit.yml}
typefit=${TYPEFIT:-.build/debug/typefit}
runs=${RUNS:-20}
load=${LOAD:-$(nproc)}
[ -x "$typefit" ] || { echo "$typefit not found: run swift build first (or set TYPEFIT)" >&2; exit 2; }
[ -f "$config" ] || { echo "$config: no such config" >&2; exit 2; }

out=$(mktemp -d "${TMPDIR:-/tmp}/typefit-repeat.XXXXXX")
busy=()
stop() {
    for pid in "${busy[@]}"; do kill "$pid" 2>/dev/null; done
    wait 2>/dev/null
    [ "${KEEP:-0}" = 1 ] && echo "kept $out" || rm -rf "$out"
}
trap stop EXIT
trap 'exit 130' INT TERM

# Keep every core busy: one spinning shell per core, lowest priority not asked for.
for _ in $(seq "$load"); do
    ( while :; do :; done ) &
    busy+=("$!")
done
echo "load: ${#busy[@]} busy processes on $(nproc) cores; load average $(cut -d' ' -f1-3 /proc/loadavg)"

# Audits exit 1 when they have failing findings (the example has); 0 and 1 are both finished runs.
audit() {
    local folder=$1
    shift
    "$typefit" audit "$config" --no-progress --output "$out/$folder" "$@" > "$out/$folder.log" 2>&1
    local status=$?
    [ "$status" -le 1 ] || { echo "run $folder exited $status:" >&2; tail -3 "$out/$folder.log" >&2; }
    return "$status"
}

# Every report file of run $1 equals run 1's, byte for byte.
same() {
    local ok=0 name
    for name in $(cd "$out/1" && ls); do
        if ! cmp -s "$out/1/$name" "$out/$1/$name"; then
            echo "run $1: $name differs from run 1" >&2
            ok=1
        fi
    done
    [ "$(cd "$out/1" && ls)" = "$(cd "$out/$1" && ls)" ] || { echo "run $1: other report files than run 1" >&2; ok=1; }
    return "$ok"
}

failures=0
start=$(date +%s)
for i in $(seq "$runs"); do
    audit "$i"
    status=$?
    if [ "$status" -gt 1 ]; then failures=$((failures + 1)); continue; fi
    if [ "$i" -gt 1 ] && ! same "$i"; then failures=$((failures + 1)); fi
    [ "$i" = 1 ] && first_status=$status
    [ "$status" = "${first_status:-$status}" ] || { echo "run $i exited $status, run 1 $first_status" >&2; failures=$((failures + 1)); }
done
echo "$runs audits in $(( $(date +%s) - start )) s under load: $((runs - failures)) identical to run 1, $failures not"

# The browser (the typefit process's chromium child) killed once while the audit renders.
"$typefit" audit "$config" --no-progress --output "$out/killed" > "$out/killed.log" 2>&1 &
auditor=$!
browser=""
for _ in $(seq 600); do
    browser=$(pgrep -P "$auditor" 2>/dev/null | head -1)
    [ -n "$browser" ] && break
    sleep 0.05
done
killed=no
if [ -n "$browser" ]; then
    sleep 0.5  # let it open the page and start measuring
    kill -KILL "$browser" 2>/dev/null && killed=yes
fi
wait "$auditor"
status=$?
if [ "$killed" = no ]; then
    echo "kill: the browser was not found running (the audit ended first); not tested" >&2
    failures=$((failures + 1))
elif [ "$status" -gt 1 ]; then
    echo "kill: the audit exited $status after its browser was killed:" >&2
    tail -3 "$out/killed.log" >&2
    failures=$((failures + 1))
elif same killed; then
    echo "kill: browser $browser killed mid-run; the audit completed (exit $status) with the same reports"
else
    failures=$((failures + 1))
fi
[ "$failures" = 0 ]
