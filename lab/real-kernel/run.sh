#!/usr/bin/env bash
# The real-kernel end to end: huge pages for PostgreSQL on this machine's own kernel.
#
# Two throwaway PostgreSQL clusters under a temp directory share the host's one 2 MiB pool: "a"
# (shared_buffers 3GB, a ~1.7 GB table the benefit probe scans) and "b" (shared_buffers 128MB).
# One pagetune run (two-clusters.yml: the shipped postgres_hugepages module in a loop) over the
# local connection, with a change window open now, shows: plan -> apply (the pool, sized for both,
# persisted to a sysctl file under the temp root and set live) -> both restarts in the window, with
# the benefit probe before and after (reported, never asserted) -> both postmasters' shared memory
# in 2 MB pages (smaps, page_verify) -> second run changed=0. Then a third cluster with
# huge_page_size = 1GB runs the shipped playbooks/postgres-hugepages.yml: its 1 GiB pool is set live
# through sysfs, it maps 1 GiB pages, the 2 MiB pool and its file stay as they were, and a second
# run is changed=0 (skipped, saying so, where the kernel cannot allocate a 1 GiB page). Cleanup
# stops every cluster and puts vm.nr_hugepages and the 1 GiB pool back on every exit path.
#
# Run as root on Linux with a writable /proc/sys/vm/nr_hugepages and PostgreSQL's server binaries
# (Debian: postgresql-15; PGBIN overrides /usr/lib/postgresql/15/bin). Exit 0 only when every step
# holds; exit 2 with one line where it cannot run; 1 when a step fails. Changes nothing else on
# the machine: the clusters, the inventories, the sysctl file and the state store live in the temp
# directory, which is removed at the end.
set -uo pipefail

say() { printf '\n== %s (at %d s)\n' "$*" $(( $(date +%s) - started )); }
fail() { echo "real-kernel: FAILED: $*" >&2; exit 1; }
refuse() { echo "real-kernel: cannot run here: $*" >&2; exit 2; }

[ "$(uname -s)" = Linux ] || refuse "not Linux ($(uname -s))"
[ "$(id -u)" = 0 ] || refuse "must run as root (it sets vm.nr_hugepages)"
[ -w /proc/sys/vm/nr_hugepages ] || refuse "/proc/sys/vm/nr_hugepages is not writable"
grep -q '^Hugepagesize:' /proc/meminfo || refuse "this kernel has no huge pages"
[ "$(awk '/^Hugepagesize:/ {print $2}' /proc/meminfo)" = 2048 ] || refuse "the default huge page size is not 2048 kB"
PGBIN=${PGBIN:-/usr/lib/postgresql/15/bin}
[ -x "$PGBIN/postgres" ] && [ -x "$PGBIN/initdb" ] || refuse "no PostgreSQL server binaries in $PGBIN (set PGBIN)"
id postgres >/dev/null 2>&1 || refuse "no postgres user"
command -v runuser >/dev/null || refuse "runuser is missing"
command -v python3 >/dev/null || refuse "python3 is missing"

here=$(CDPATH='' cd -- "$(dirname -- "$0")" && pwd)
repo=$(CDPATH='' cd -- "$here/../.." && pwd)
started=$(date +%s)
giga=/sys/kernel/mm/hugepages/hugepages-1048576kB/nr_hugepages
previous=$(cat /proc/sys/vm/nr_hugepages)
previous_giga=$(cat "$giga" 2>/dev/null || echo none)
root=$(mktemp -d /tmp/pagetune-real-kernel.XXXXXX) || refuse "mktemp failed"
chmod 755 "$root"
sock=$root/sock
pool_file=$root/sysctl.d/97-pagetune-hugepages.conf
port=${PGPORT_REAL_KERNEL:-$((20000 + RANDOM % 20000))}
a=$root/pg-a b=$root/pg-b g=$root/pg-1g
declare -A port_of=(["$a"]=$port ["$b"]=$((port + 1)) ["$g"]=$((port + 2)))

# puts one pool back: the clusters are stopped first, so none of its pages is still mapped
put_back() { # file value name
  [ "$2" = none ] && return 0
  echo "$2" > "$1" 2>/dev/null
  local now
  now=$(cat "$1")
  if [ "$now" != "$2" ]; then
    echo "real-kernel: FAILED: $3 is $now, could not put back $2" >&2
    return 1
  fi
  echo "cleanup: $3 back to $2"
}
cleanup() {
  rc=$?
  trap - EXIT INT TERM HUP
  for d in "$a" "$b" "$g"; do
    if [ "$rc" != 0 ] && [ -f "$d/pg_ctl.log" ]; then
      echo "--- last lines of the server log of $d:"
      tail -n 15 "$d/pg_ctl.log"
    fi
  done
  [ "$rc" != 0 ] && grep -E '^(HugePages_|Hugetlb)' /proc/meminfo
  for d in "$a" "$b" "$g"; do
    if [ -f "$d/postmaster.pid" ]; then
      (cd / && runuser -u postgres -- "$PGBIN/pg_ctl" -D "$d" -m immediate -w stop >/dev/null 2>&1)
    fi
  done
  put_back /proc/sys/vm/nr_hugepages "$previous" vm.nr_hugepages || rc=1
  put_back "$giga" "$previous_giga" "$giga" || rc=1
  rm -rf "$root"
  echo "cleanup: clusters stopped; $root removed"
  echo "real-kernel: took $(( $(date +%s) - started )) s, exit $rc"
  exit "$rc"
}
trap cleanup EXIT
trap 'exit 1' INT TERM HUP

as_pg() { (cd / && runuser -u postgres -- "$@"); }
psql_pg() { # data dir, then psql arguments
  local d=$1
  shift
  as_pg "$PGBIN/psql" -X -At -v ON_ERROR_STOP=1 -h "$sock" -p "${port_of[$d]}" -d postgres "$@"
}
# The machine may be busy with other work: the clusters (and the pagetune runs whose restarts start
# their successors) run at the highest priority, so that the probe times the query and its page
# faults rather than the wait for a CPU; before and after alike.
start_pg() { nice -n -20 runuser -u postgres -- "$PGBIN/pg_ctl" -D "$1" -l "$1/pg_ctl.log" -w start >/dev/null || fail "start of $1"; }
main_mapping() { # data dir: the postmaster's largest shared mapping and its page size
  awk '/^[0-9a-f]+-[0-9a-f]+ /{ if (sz > best) { best = sz; out = hdr " Size " sz " kB KernelPageSize " kps " kB Shared_Hugetlb " sh " kB" } hdr = $0; sz = 0; kps = 0; sh = 0; shared = ($2 ~ /s/); next }
       /^Size:/ { if (shared) sz = $2 } /^KernelPageSize:/ { kps = $2 } /^Shared_Hugetlb:/ { sh = $2 }
       END { if (sz > best) out = hdr " Size " sz " kB KernelPageSize " kps " kB Shared_Hugetlb " sh " kB"; print out }' "/proc/$(head -1 "$1/postmaster.pid")/smaps"
}
expect_pages() { # data dir, page size in kB, when
  local m
  m=$(main_mapping "$1")
  echo "$(basename "$1") postmaster main shared memory $3: $m"
  case "$m" in *"KernelPageSize $2 kB"*) ;; *) fail "$(basename "$1") should map its shared memory in $2 kB pages $3" ;; esac
}
huge_pages_needed() { psql_pg "$1" -c "show shared_memory_size_in_huge_pages"; }

# PAGETUNE: how to run pagetune (default: the launcher, which builds the jar when needed)
read -r -a pagetune <<< "${PAGETUNE:-$repo/pagetune}"
pt() { # inventory, then the run's arguments
  local inv=$1
  shift
  nice -n -20 "${pagetune[@]}" "$@" -i "$inv" --state "$root/state.db"
}
queue() { "${pagetune[@]}" schedule "$@" --state "$root/state.db"; }
second_run() { # inventory, playbook: a run that changes nothing, with its page states
  pt "$1" run "$2" --output json > "$root/second.json" || fail "the second run of $2 failed"
  python3 "$here/second-run.py" "$root/second.json" > "$root/second.txt" || { cat "$root/second.txt"; fail "the second run of $2 changed something"; }
  head -1 "$root/second.txt"
}
intent_of() { # apply output, data dir: the id of that cluster's restart intent
  grep -F "postgres cluster $2 now" "$1" | grep -o 'intent [0-9a-f]*' | head -1 | awk '{print $2}'
}
restart_result() { # apply output, data dir: the result line of that cluster's restart
  local intent
  intent=$(intent_of "$1" "$2")
  [ -n "$intent" ] || fail "the apply requested no restart of $2"
  queue show "$intent" > "$root/restart.out" || fail "cannot show restart $intent"
  grep -q '^status: *DONE' "$root/restart.out" || { cat "$root/restart.out" >&2; fail "the restart of $2 is not done"; }
  grep '^result:' "$root/restart.out"
}

say "throwaway clusters in $root (PostgreSQL $("$PGBIN/postgres" -V | awk '{print $3}'), ports $port-$((port + 2)))"
nice -n -20 true 2>/dev/null || refuse "cannot raise the priority (nice -n -20)"
mkdir -p "$sock" "$root/sysctl.d"
chown postgres "$sock" "$root"
as_pg "$PGBIN/initdb" -D "$a" -A trust -U postgres >/dev/null || fail "initdb"
chown root "$root"
cp -a "$a" "$b" && cp -a "$a" "$g" || fail "copying the new cluster"
for d in "$a" "$b" "$g"; do
  cat >> "$d/postgresql.conf" <<CONF
port = ${port_of[$d]}
listen_addresses = ''
unix_socket_directories = '$sock'
shared_buffers = $([ "$d" = "$a" ] && echo 3GB || echo 128MB)
huge_pages = off
max_parallel_workers_per_gather = 0
jit = off
CONF
done
echo "huge_page_size = 1GB" >> "$g/postgresql.conf"
start_pg "$a"
start_pg "$b"
echo "loading the probe table into a (about 1.7 GB)..."
psql_pg "$a" -q -c "create extension pg_prewarm" \
  -c "create unlogged table probe as select g as id, repeat('x', 200) as pad from generate_series(1, 7500000) g" \
  -c "vacuum (freeze) probe" || fail "loading the probe table"
echo "probe table: $(psql_pg "$a" -c "select pg_size_pretty(pg_relation_size('probe'))")"
need_a=$(huge_pages_needed "$a") need_b=$(huge_pages_needed "$b")
echo "shared_memory_size_in_huge_pages: a $need_a, b $need_b (2 MB pages)"
before_a=$(expect_pages "$a" 4 before) || exit 1
before_b=$(expect_pages "$b" 4 before) || exit 1

# The probe: a fresh connection to a counting the prewarmed table, 9 times. It reports the CPU
# time (user + system, from /proc) of the backend that ran the scan: that is where huge pages save
# (no 4 kB page faults and far fewer TLB misses over 1.7 GB of shared buffers), and unlike wall
# time it is not blurred by other work on a shared machine. The probe is the host's, so b's restart
# runs it too: on a, whose pages b's restart does not change, a control of the probe's noise.
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
inventory() { # file, then the host's own variables (YAML lines, 10 spaces deep)
  local f=$1
  shift
  {
    cat <<INV
all:
  children:
    postgres_db:
      hosts:
        localhost:
          ansible_connection: local
          pg_bindir: $PGBIN
          hugepages_sysctl_file: $pool_file
          pagetune_change_window: real-kernel-now
INV
    printf '          %s\n' "$@"
  } > "$f"
}
inventory "$root/two.yml" "pg_data_dir: $a" "pg_clusters:" \
  "  - { data_dir: $a, cluster: real-kernel-a }" "  - { data_dir: $b, cluster: real-kernel-b }" \
  "benefit_probe: { command: sh $root/probe.sh, warmup: sh $root/warmup.sh, runs: 9, timing: output }"
inventory "$root/one-g.yml" "pg_data_dir: $g" "pg_cluster: real-kernel-1g" "benefit_probe: off"
cat > "$root/windows.yml" <<WIN
windows:
  real-kernel-now: { cron: "$at * * *", duration: 2h, zone: UTC }
WIN

say "two clusters, one pool: plan (--check --diff)"
pt "$root/two.yml" run "$here/two-clusters.yml" --check --diff | tee "$root/plan.out" || fail "the plan failed"
grep -q "vm.nr_hugepages = " "$root/plan.out" || fail "the plan shows no pool"

say "two clusters, one pool: apply (pool persisted and set live, huge_pages = on, both restarts in the window)"
pt "$root/two.yml" run "$here/two-clusters.yml" | tee "$root/apply.out" || fail "the apply failed"
persisted=$(grep -E '^vm.nr_hugepages' "$pool_file") || fail "no pool in the sysctl file"
live=$(cat /proc/sys/vm/nr_hugepages)
# the pool is the sum of every consumer's share in the file's breakdown, a's and b's among them
# as each server computes them, and no other figure (no in-use floor)
shares=$(sed -nE 's/^#   ([^:]+): ([0-9]+) x 2M .*/\1 \2/p' "$pool_file")
echo "$shares" | grep -qxF "postgres/real-kernel-a $need_a" || fail "the pool file has no share of $need_a pages for a: $shares"
echo "$shares" | grep -qxF "postgres/real-kernel-b $need_b" || fail "the pool file has no share of $need_b pages for b: $shares"
sum=$(echo "$shares" | awk '{ s += $2 } END { print s }')
echo "persisted: $persisted ($pool_file); live: vm.nr_hugepages = $live; sum of the shares: $sum"
echo "$shares" | sed 's/^/  share: /'
[ "$persisted" = "vm.nr_hugepages = $sum" ] || fail "the persisted pool is not the sum of its consumers' shares ($sum)"
[ "$live" = "$sum" ] || fail "the live pool is not the persisted one"
for d in "$a" "$b"; do
  grep -q "huge_pages = 'on'" "$d/postgresql.auto.conf" || fail "huge_pages = on is not in $d/postgresql.auto.conf"
done
# One restart at a time per host, in queue order: the run's end-of-run pass runs b's restart
# as soon as a's is recorded (the window still open), so both are done when the apply returns.
restart_a=$(restart_result "$root/apply.out" "$a") || exit 1
restart_b=$(restart_result "$root/apply.out" "$b") || exit 1
echo "restart of a: $restart_a"
echo "restart of b: $restart_b"
probe_of() { echo "$1" | grep -o 'benefit probe: before median [0-9.]* s of [0-9]* runs, after median [0-9.]* s of [0-9]* runs' | head -1; }
probe_a=$(probe_of "$restart_a")
[ -n "$probe_a" ] || fail "the restart of a did not report the benefit probe"
before=$(echo "$probe_a" | sed -E 's/.*before median ([0-9.]+) s.*/\1/')
after=$(echo "$probe_a" | sed -E 's/.*after median ([0-9.]+) s.*/\1/')
after_a=$(expect_pages "$a" 2048 after) || exit 1
after_b=$(expect_pages "$b" 2048 after) || exit 1

say "page_verify: both clusters effective from smaps"
for d in "$a" "$b"; do
  pt "$root/two.yml" run "$repo/playbooks/page-verify.yml" --limit postgres_db -e "pg_data_dir=$d" > "$root/verify.out" || { cat "$root/verify.out"; fail "page_verify of $d failed"; }
  grep -E '^ok: .*verified' "$root/verify.out" || fail "page_verify did not verify $d"
done

say "two clusters, second run: nothing to change"
second_run "$root/two.yml" "$here/two-clusters.yml"
tail -n +2 "$root/second.txt" > "$root/two-states.txt"
[ "$(cat /proc/sys/vm/nr_hugepages)" = "$sum" ] || fail "the second run moved the pool"

say "1 GiB pages: huge_page_size = 1GB in the 1 GiB pool, the 2 MiB pool untouched"
start_pg "$g"
need_g=$(huge_pages_needed "$g")
giga_result=""
if [ "$previous_giga" = none ]; then
  giga_result="skipped: this kernel has no 1 GiB huge pages (no $giga)"
else
  # can the kernel allocate them live at all (memory may be too fragmented)? asked, read, put back
  echo $((previous_giga + need_g)) > "$giga" 2>/dev/null
  got=$(( $(cat "$giga") - previous_giga ))
  echo "$previous_giga" > "$giga"
  [ "$got" -ge "$need_g" ] || giga_result="skipped: kernel could not allocate a 1 GiB page (asked $need_g, got $got)"
fi
if [ -n "$giga_result" ]; then
  echo "$giga_result"
else
  echo "shared_memory_size_in_huge_pages: 1g $need_g (1 GiB pages)"
  expect_pages "$g" 4 before || exit 1
  file_before=$(sha256sum < "$pool_file")
  pt "$root/one-g.yml" run "$repo/playbooks/postgres-hugepages.yml" --check --diff > "$root/plan-1g.out" || { cat "$root/plan-1g.out"; fail "the 1 GiB plan failed"; }
  grep -E 'pool/hugepages-1G|1G for|hugepages-1048576kB' "$root/plan-1g.out" | head -3
  pt "$root/one-g.yml" run "$repo/playbooks/postgres-hugepages.yml" | tee "$root/apply-1g.out" || fail "the 1 GiB apply failed"
  restart_g=$(restart_result "$root/apply-1g.out" "$g") || exit 1
  echo "restart of 1g: $restart_g"
  [ "$(cat "$giga")" = "$need_g" ] || fail "$giga is $(cat "$giga"), not the $need_g pages the cluster needs"
  [ "$(cat /proc/sys/vm/nr_hugepages)" = "$sum" ] || fail "the 1 GiB cluster changed vm.nr_hugepages"
  [ "$(sha256sum < "$pool_file")" = "$file_before" ] || fail "the 1 GiB cluster changed the 2 MiB pool file"
  after_g=$(expect_pages "$g" 1048576 after) || exit 1
  second_run "$root/one-g.yml" "$repo/playbooks/postgres-hugepages.yml"
  giga_result="1 GiB pool: $giga = $(cat "$giga") (was $previous_giga); vm.nr_hugepages still $sum, its file unchanged"
fi

say "result"
echo "$before_a"
echo "$after_a"
echo "$before_b"
echo "$after_b"
echo "one pool for both clusters: vm.nr_hugepages = $sum, persisted and live"
echo "$giga_result"
[ -n "${after_g:-}" ] && echo "$after_g"
# the benefit is measured and reported, never a pass/fail condition: on a shared machine the
# medians move with other work while every state above is right
echo "benefit probe median before: $before s"
echo "benefit probe median after:  $after s"
awk -v b="$before" -v a="$after" 'BEGIN { if (b > 0) printf "benefit (reported, not asserted): %.1f%% less CPU per scan\n", (b - a) / b * 100 }'
echo "control (the same probe on a across b's restart): $(probe_of "$restart_b")"
echo "PageState (two clusters, second run):"
cat "$root/two-states.txt"
