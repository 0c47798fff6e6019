#!/usr/bin/env bash
# The real-kernel end to end: huge pages for PostgreSQL on this machine's own kernel.
#
# Starts a throwaway PostgreSQL cluster under a temp directory (shared_buffers 3GB, a ~1.7 GB
# table), runs playbooks/postgres-hugepages.yml against it over the local connection with a change
# window open now, and shows: plan -> apply (pool persisted to a sysctl file under the temp root
# and set live) -> restart in the window with the benefit probe before and after (reported, not
# asserted) -> page_verify effective from smaps -> second run changed=0 -> cleanup puts
# vm.nr_hugepages back.
#
# Run as root on Linux with a writable /proc/sys/vm/nr_hugepages and PostgreSQL's server binaries
# (Debian: postgresql-15; PGBIN overrides /usr/lib/postgresql/15/bin). Exit 0 only when every step
# holds; exit 2 with one line where it cannot run; 1 when a step fails. Changes nothing else on
# the machine: the cluster, the inventory, the sysctl file and the state store live in the temp
# directory, which is removed at the end.
set -uo pipefail

say() { printf '\n== %s\n' "$*"; }
fail() { echo "real-kernel: FAILED: $*" >&2; exit 1; }
refuse() { echo "real-kernel: cannot run here: $*" >&2; exit 2; }

[ "$(uname -s)" = Linux ] || refuse "not Linux ($(uname -s))"
[ "$(id -u)" = 0 ] || refuse "must run as root (it sets vm.nr_hugepages)"
[ -w /proc/sys/vm/nr_hugepages ] || refuse "/proc/sys/vm/nr_hugepages is not writable"
grep -q '^Hugepagesize:' /proc/meminfo || refuse "this kernel has no huge pages"
PGBIN=${PGBIN:-/usr/lib/postgresql/15/bin}
[ -x "$PGBIN/postgres" ] && [ -x "$PGBIN/initdb" ] || refuse "no PostgreSQL server binaries in $PGBIN (set PGBIN)"
id postgres >/dev/null 2>&1 || refuse "no postgres user"
command -v runuser >/dev/null || refuse "runuser is missing"

repo=$(CDPATH='' cd -- "$(dirname -- "$0")/../.." && pwd)
started=$(date +%s)
previous=$(cat /proc/sys/vm/nr_hugepages)
root=$(mktemp -d /tmp/pagetune-real-kernel.XXXXXX) || refuse "mktemp failed"
chmod 755 "$root"
data=$root/data
sock=$root/sock
port=${PGPORT_REAL_KERNEL:-$((20000 + RANDOM % 20000))}

cleanup() {
  rc=$?
  trap - EXIT INT TERM HUP
  if [ "$rc" != 0 ] && [ -f "$data/pg_ctl.log" ]; then
    echo "--- last lines of the cluster's server log:"
    tail -n 15 "$data/pg_ctl.log"
    grep -E '^(HugePages_|Hugetlb)' /proc/meminfo
  fi
  if [ -f "$data/postmaster.pid" ]; then
    (cd / && runuser -u postgres -- "$PGBIN/pg_ctl" -D "$data" -m immediate -w stop >/dev/null 2>&1)
  fi
  echo "$previous" > /proc/sys/vm/nr_hugepages 2>/dev/null
  now=$(cat /proc/sys/vm/nr_hugepages)
  rm -rf "$root"
  if [ "$now" != "$previous" ]; then
    echo "real-kernel: FAILED: vm.nr_hugepages is $now, could not put back $previous" >&2
    rc=1
  else
    echo "cleanup: vm.nr_hugepages back to $previous; $root removed"
  fi
  echo "real-kernel: took $(( $(date +%s) - started )) s, exit $rc"
  exit "$rc"
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP

as_pg() { (cd / && runuser -u postgres -- "$@"); }
psql_pg() { as_pg "$PGBIN/psql" -X -At -v ON_ERROR_STOP=1 -h "$sock" -p "$port" -d postgres "$@"; }
main_mapping() {
  local pid
  pid=$(head -1 "$data/postmaster.pid")
  # the postmaster's largest shared mapping and its page size
  awk '/^[0-9a-f]+-[0-9a-f]+ /{ if (sz > best) { best = sz; out = hdr " Size " sz " kB KernelPageSize " kps " kB Shared_Hugetlb " sh " kB" } hdr = $0; sz = 0; kps = 0; sh = 0; shared = ($2 ~ /s/); next }
       /^Size:/ { if (shared) sz = $2 } /^KernelPageSize:/ { kps = $2 } /^Shared_Hugetlb:/ { sh = $2 }
       END { if (sz > best) out = hdr " Size " sz " kB KernelPageSize " kps " kB Shared_Hugetlb " sh " kB"; print out }' "/proc/$pid/smaps"
}

say "throwaway cluster in $data (PostgreSQL $("$PGBIN/postgres" -V | awk '{print $3}'), port $port)"
mkdir -p "$sock" "$root/sysctl.d"
chown postgres "$sock"
chown postgres "$root"
as_pg "$PGBIN/initdb" -D "$data" -A trust -U postgres >/dev/null || fail "initdb"
chown root "$root"
cat >> "$data/postgresql.conf" <<CONF
port = $port
listen_addresses = ''
unix_socket_directories = '$sock'
shared_buffers = 3GB
huge_pages = off
max_parallel_workers_per_gather = 0
jit = off
CONF
# The machine may be busy with other work: the cluster (and the pagetune run whose restart starts
# its successor) run at the highest priority, so that the probe times the query and its page faults
# rather than the wait for a CPU; before and after alike.
nice -n -20 true 2>/dev/null || refuse "cannot raise the priority (nice -n -20)"
nice -n -20 runuser -u postgres -- "$PGBIN/pg_ctl" -D "$data" -l "$data/pg_ctl.log" -w start >/dev/null || fail "cluster start"
echo "loading the probe table (about 1.7 GB)..."
psql_pg -q -c "create extension pg_prewarm" \
  -c "create unlogged table probe as select g as id, repeat('x', 200) as pad from generate_series(1, 7500000) g" \
  -c "vacuum (freeze) probe" || fail "loading the probe table"
echo "probe table: $(psql_pg -c "select pg_size_pretty(pg_relation_size('probe'))")"
before_mapping=$(main_mapping)
echo "before: postmaster main shared memory: $before_mapping"
case "$before_mapping" in *"KernelPageSize 4 kB"*) ;; *) fail "the cluster should start in 4 kB pages" ;; esac

# The probe: a fresh connection counting the prewarmed table, 9 times. It reports the CPU time
# (user + system, from /proc) of the backend that ran the scan: that is where huge pages save (no
# 4 kB page faults and far fewer TLB misses over 1.7 GB of shared buffers), and unlike wall time it
# is not blurred by other work on a shared machine.
tck=$(getconf CLK_TCK)
cat > "$root/probe.sh" <<PROBE
cd / && runuser -u postgres -- $PGBIN/psql -X -At -v ON_ERROR_STOP=1 -h $sock -p $port -d postgres \\
  -c 'select count(*) from probe' \\
  -c "select round((f[12]::bigint + f[13]::bigint)::numeric / $tck, 3) from (select string_to_array(split_part(pg_read_file('/proc/' || pg_backend_pid() || '/stat'), ') ', 2), ' ') as f) s"
PROBE
cat > "$root/warmup.sh" <<WARM
cd / && runuser -u postgres -- $PGBIN/psql -X -At -v ON_ERROR_STOP=1 -h $sock -p $port -d postgres -c "select pg_prewarm('probe')"
WARM
at=$(date -u -d '-2 min' '+%M %H')
cat > "$root/inventory.yml" <<INV
all:
  children:
    postgres_db:
      hosts:
        localhost:
          ansible_connection: local
          pg_data_dir: $data
          pg_cluster: real-kernel
          pg_bindir: $PGBIN
          hugepages_sysctl_file: $root/sysctl.d/97-pagetune-hugepages.conf
          pagetune_change_window: real-kernel-now
          benefit_probe:
            command: sh $root/probe.sh
            warmup: sh $root/warmup.sh
            runs: 9
            timing: output
INV
cat > "$root/windows.yml" <<WIN
windows:
  real-kernel-now: { cron: "$at * * *", duration: 2h, zone: UTC }
WIN

# PAGETUNE: how to run pagetune (default: the launcher, which builds the jar when needed)
read -r -a pagetune <<< "${PAGETUNE:-$repo/pagetune}"
pt() { "${pagetune[@]}" "$@" -i "$root/inventory.yml" --state "$root/state.db"; }
queue() { "${pagetune[@]}" schedule "$@" --state "$root/state.db"; }

say "plan (--check --diff)"
pt run "$repo/playbooks/postgres-hugepages.yml" --check --diff | tee "$root/plan.out" || fail "the plan failed"
grep -q "vm.nr_hugepages = " "$root/plan.out" || fail "the plan shows no pool"

say "apply: pool persisted and set live, huge_pages = on, restart in the window with the benefit probe"
nice -n -20 "${pagetune[@]}" run "$repo/playbooks/postgres-hugepages.yml" -i "$root/inventory.yml" --state "$root/state.db" | tee "$root/apply.out" || fail "the apply failed"
persisted=$(grep -E '^vm.nr_hugepages' "$root/sysctl.d/97-pagetune-hugepages.conf") || fail "no pool in the sysctl file"
echo "persisted: $persisted ($root/sysctl.d/97-pagetune-hugepages.conf)"
echo "live: vm.nr_hugepages = $(cat /proc/sys/vm/nr_hugepages)"
[ "vm.nr_hugepages = $(cat /proc/sys/vm/nr_hugepages)" = "$persisted" ] || fail "the live pool is not the persisted one"
grep -q "huge_pages = 'on'" "$data/postgresql.auto.conf" || fail "huge_pages = on is not in postgresql.auto.conf"
intent=$(grep -o 'intent [0-9a-f]*' "$root/apply.out" | head -1 | awk '{print $2}')
[ -n "$intent" ] || fail "the apply requested no cluster restart"
queue show "$intent" | tee "$root/restart.out" || fail "cannot show restart $intent"
probe_line=$(grep -o 'benefit probe: before median [0-9.]* s of [0-9]* runs, after median [0-9.]* s of [0-9]* runs[^;]*' "$root/restart.out" | head -1)
[ -n "$probe_line" ] || fail "the restart did not report the benefit probe"
before=$(echo "$probe_line" | sed -E 's/.*before median ([0-9.]+) s.*/\1/')
after=$(echo "$probe_line" | sed -E 's/.*after median ([0-9.]+) s.*/\1/')
after_mapping=$(main_mapping)

say "page_verify: effective from smaps"
pt run "$repo/playbooks/page-verify.yml" --limit postgres_db | tee "$root/verify.out" || fail "page_verify failed"

say "second run: nothing to change"
pt run "$repo/playbooks/postgres-hugepages.yml" --output json > "$root/second.json" || fail "the second run failed"
python3 - "$root/second.json" > "$root/second.txt" <<'PY' || fail "the second run changed something"
import json, sys
changed, states = 0, []
for line in open(sys.argv[1]):
    line = line.strip()
    if not line.startswith("{"):
        continue
    e = json.loads(line)
    text = json.dumps(e)
    if e.get("changed") is True or (isinstance(e.get("result"), dict) and e["result"].get("changed") is True):
        changed += 1
    def walk(o):
        if isinstance(o, dict):
            if "page_state" in o and isinstance(o["page_state"], list):
                states.extend(o["page_state"])
            for v in o.values():
                walk(v)
        elif isinstance(o, list):
            for v in o:
                walk(v)
    walk(e)
print(f"changed={changed}")
for s in states:
    print(f"  {s['target']}: desired {s['desired']}; persisted={s['persisted']} ({s['persisted_value']});"
          f" effective={s['effective']} ({s['effective_value']}); pending_restart={s['pending_restart']}")
sys.exit(0 if changed == 0 and states else 1)
PY
head -1 "$root/second.txt"

say "result"
echo "postmaster main shared memory before: $before_mapping"
echo "postmaster main shared memory after:  $after_mapping"
case "$after_mapping" in *"KernelPageSize 2048 kB"*|*"KernelPageSize 1048576 kB"*) ;; *) fail "the postmaster does not map its shared memory in huge pages" ;; esac
# the benefit is measured and reported, never a pass/fail condition: on a shared machine the
# medians move with other work while every state above is right
echo "benefit probe median before: $before s"
echo "benefit probe median after:  $after s"
awk -v b="$before" -v a="$after" 'BEGIN { if (b > 0) printf "benefit (reported, not asserted): %.1f%% less CPU per scan\n", (b - a) / b * 100 }'
echo "PageState:"
tail -n +2 "$root/second.txt"
