#!/usr/bin/env bash
# Start-up with and without the launcher's class-data-sharing archive, side by side in one run:
# `./pagetune --version` and a 1-host `run --check` of the bench scenario (a local-connection host),
# RUNS rounds (default 5), each round both ways; wall and CPU (user+sys) medians.
# Usage: bench/startup.sh        (builds target/pagetune.jar through the launcher if needed)
set -euo pipefail
here=$(CDPATH= cd -- "$(dirname -- "$0")" && pwd)
repo=$(dirname "$here")
runs=${RUNS:-5}
work=$(mktemp -d /tmp/pagetune-startup.XXXXXX)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/host"
printf '[all]\nprobe ansible_connection=local root=%s\n' "$work/host" > "$work/hosts.ini"
export PAGETUNE_STATE="$work/state.db"
"$repo/pagetune" --version > /dev/null   # builds the jar when the sources changed
rm -f "$repo/target/pagetune.jsa" "$repo/target/pagetune.jsa.stamp"
# the first run after the jar changed writes the archive (timed apart: it pays for the dump)
/usr/bin/time -f '%e %U %S' -o "$work/dump.time" "$repo/pagetune" run "$here/scenario/pagetune.yml" \
  -i "$work/hosts.ini" --check --progress none > /dev/null 2>&1 || true
[ -f "$repo/target/pagetune.jsa" ] || { echo "startup: the launcher wrote no archive" >&2; exit 1; }
results="$here/results/$(date -u +%Y%m%dT%H%M%SZ)-startup.tsv"
printf 'what\tcds\trep\twall_s\tcpu_s\n' > "$results"
measure() { # what cds rep -- command...
  local what=$1 cds=$2 rep=$3 wall usr sys; shift 4
  PAGETUNE_CDS=$cds /usr/bin/time -f '%e %U %S' -o "$work/t" "$@" > /dev/null 2>&1 || true
  read -r wall usr sys < "$work/t"
  printf '%s\t%s\t%s\t%s\t%s\n' "$what" "$cds" "$rep" "$wall" "$(python3 -c "print(round($usr + $sys, 2))")" >> "$results"
}
for rep in $(seq "$runs"); do
  for cds in 0 1; do
    measure version "$cds" "$rep" -- "$repo/pagetune" --version
    measure check-1-host "$cds" "$rep" -- "$repo/pagetune" run "$here/scenario/pagetune.yml" \
      -i "$work/hosts.ini" --check --progress none
  done
done
echo "archive dump run: $(cat "$work/dump.time") (wall, user, sys s)" >&2
python3 - "$results" <<'PY'
import csv, statistics, sys
rows = list(csv.DictReader(open(sys.argv[1]), delimiter="\t"))
print("| command | CDS archive | runs | median wall s | median CPU s |")
print("|---|---|---|---|---|")
for what in ("version", "check-1-host"):
    for cds in ("0", "1"):
        rs = [r for r in rows if r["what"] == what and r["cds"] == cds]
        print(f"| {what} | {'yes' if cds == '1' else 'no'} | {len(rs)} | "
              f"{statistics.median(float(r['wall_s']) for r in rs):.2f} | "
              f"{statistics.median(float(r['cpu_s']) for r in rs):.2f} |")
PY
echo "results: $results" >&2
