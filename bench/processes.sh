#!/usr/bin/env bash
# The processes pagetune's hosts start, by program: runs bench/run.sh for one tool at a small N
# with strace attached to the bench's sshd listeners (every session, shell and command they start),
# then counts them per inventory host (bench/processes.py). Needs strace (apt-get install strace)
# and whatever bench/run.sh needs; run as root, on an otherwise idle machine (another user's
# session directories in /tmp cost each new session a refused rm, which shows here).
# Usage: bench/processes.sh [N]            (default 20; MODES=apply by default)
#        TOOL=baseline BASELINE_JAR=old.jar bench/processes.sh 20   (another build)
#        MODES="apply rerun" bench/processes.sh 20   (the counts cover every mode run)
set -euo pipefail
here=$(CDPATH= cd -- "$(dirname -- "$0")" && pwd)
n=${1:-20}
command -v strace >/dev/null || { echo "processes: missing strace (apt-get install strace)" >&2; exit 2; }
out=$(mktemp -d /tmp/pagetune-processes.XXXXXX)
(
  # the listeners write their pid files once they are up: attach to all of them
  while :; do
    pids=$(cat /tmp/pagetune-bench.*/sshd-*.pid 2>/dev/null | tr '\n' ' ' || true)
    [ "$(echo $pids | wc -w)" -ge "${LISTENERS:-8}" ] && break
    sleep 0.05
  done
  args=(); for p in $pids; do args+=(-p "$p"); done
  exec strace -f -qq -e trace=execve,clone,clone3,fork,vfork -e signal=none -o "$out/trace" "${args[@]}"
) &
tracer=$!
TOOLS=${TOOL:-pagetune} MODES=${MODES:-apply} RUNS=1 CDS=0 "$here/run.sh" "$n" > "$out/bench.out" 2>&1 || { cat "$out/bench.out" >&2; exit 1; }
kill "$tracer" 2>/dev/null || true
pkill -f "strace -f -qq -e trace=execve" 2>/dev/null || true
sleep 0.5
rm -f "$(sed -n 's/^results: //p' "$out/bench.out")" "$(sed -n 's/^results: \(.*\)\.tsv$/\1.machine.txt/p' "$out/bench.out")"
python3 "$here/processes.py" "$out/trace" "$n"
rm -rf "$out"
