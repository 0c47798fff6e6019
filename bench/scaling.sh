#!/usr/bin/env bash
# Scaling benchmark: per-task cost must not grow with the size of the inventory.
# N inventory hosts, all `ansible_connection: local`, each with a few inventory variables, and a
# play of three `debug` tasks (one reads its own variable, one another host's through hostvars).
# Work per host is constant, so the wall time should grow linearly with N, not quadratically.
# Usage: bench/scaling.sh [N ...]   (default N: 250 500 1000; RUNS=3 repetitions, median printed)
# Needs a JDK 17+ and python3; builds target/pagetune.jar when it is missing.
set -euo pipefail
here=$(CDPATH= cd -- "$(dirname -- "$0")" && pwd)
repo=$(dirname "$here")
runs=${RUNS:-3}
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(250 500 1000)

jar="$repo/target/pagetune.jar"
[ -f "$jar" ] || (cd "$repo" && ./mvnw -q -B -DskipTests -Dspotless.check.skip=true package)

work=$(mktemp -d /tmp/pagetune-scaling.XXXXXX)
trap 'rm -rf "$work"' EXIT
cp "$jar" "$work/pagetune.jar"   # the jar under test stays fixed while the sources change

cat > "$work/play.yml" <<'YML'
- hosts: all
  gather_facts: false
  tasks:
    - name: own variable
      debug:
        msg: "${inventory_hostname} has ${sga_gb} GB"
    - name: another host's variable
      debug:
        msg: "first host sga ${hostvars['h0001']['sga_gb']}"
    - name: plain message
      debug:
        msg: done
YML

inventory() {
  python3 - "$1" <<'PY'
import sys
n = int(sys.argv[1])
print("all:\n  hosts:")
for i in range(1, n + 1):
    print(f"    h{i:04d}:\n      ansible_connection: local\n      sga_gb: {i % 64 + 1}"
          f"\n      role_name: db{i % 7}\n      page_size: 2M")
PY
}

echo "N	median_s	runs_s"
for n in "${sizes[@]}"; do
  inventory "$n" > "$work/inv-$n.yml"
  times=()
  for _ in $(seq "$runs"); do
    start=$(date +%s.%N)
    java -jar "$work/pagetune.jar" run "$work/play.yml" -i "$work/inv-$n.yml" --forks 50 \
      --progress none > "$work/out-$n.txt" 2>&1 || { echo "run failed at N=$n:" >&2; tail -5 "$work/out-$n.txt" >&2; exit 1; }
    end=$(date +%s.%N)
    times+=("$(python3 -c "print(f'{$end - $start:.2f}')")")
  done
  median=$(printf '%s\n' "${times[@]}" | sort -n | sed -n "$(( (runs + 1) / 2 ))p")
  echo "$n	$median	${times[*]}"
done
