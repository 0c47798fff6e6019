# shared by the lab's PostgreSQL stand-ins (sourced, not run): a Debian postgresql-common layout,
# clusters in etc/postgresql/<version>/<name>/postgresql.conf, the running server's state in its
# data directory's postmaster.pid, /proc/<pid>/smaps and .state/pg/<port>.* (settings it started
# with, huge pages it holds).
R="${PAGETUNE_LAB_ROOT:?lab tool needs PAGETUNE_LAB_ROOT}"
PGS="$R/.state/pg"

# a path as seen on the host or already under the root -> the path under the root
under_root() { case "$1" in "$R"/*) echo "$1" ;; *) echo "$R$1" ;; esac; }

# last value of a setting in a configuration file (quotes, comments and spaces taken off)
conf_value() {
  [ -f "$2" ] || return 0
  sed -n "s/^[[:space:]]*$1[[:space:]]*=[[:space:]]*//p" "$2" | sed "s/[[:space:]]*#.*//; s/^'//; s/'\$//" \
    | tail -n 1
}

# the effective value of setting $1 for the cluster with postgresql.conf $2 and data dir $3
pg_setting() {
  v=$(conf_value "$1" "$3/postgresql.auto.conf")
  [ -n "$v" ] || v=$(conf_value "$1" "$2")
  echo "$v"
}

# "3GB", "512MB", "131072kB" or 8 kB blocks -> 8 kB blocks
pg_blocks() {
  case "$1" in
    *GB) echo $(( ${1%GB} * 131072 )) ;;
    *MB) echo $(( ${1%MB} * 128 )) ;;
    *kB) echo $(( ${1%kB} / 8 )) ;;
    "") echo 16384 ;;
    *) echo "$1" ;;
  esac
}

# what "postgres -C <name>" prints for the cluster (PostgreSQL 15, 2 MB huge pages). The shared
# memory beyond shared_buffers is what the real 15 adds with its defaults (93 MB at 3GB).
pg_computed() {
  name=$1; conf=$2; data=$3
  blocks=$(pg_blocks "$(pg_setting shared_buffers "$conf" "$data")")
  size_mb=$(( blocks * 8192 / 1048576 + 93 ))
  case "$name" in
    huge_pages) v=$(pg_setting huge_pages "$conf" "$data"); echo "${v:-try}" ;;
    huge_page_size) echo 0 ;;
    shared_buffers) echo "$blocks" ;;
    shared_memory_size) echo "$size_mb" ;;
    shared_memory_size_in_huge_pages) echo $(( (size_mb + 1) / 2 )) ;;
    wal_buffers) echo -1 ;;
    max_connections) v=$(pg_setting max_connections "$conf" "$data"); echo "${v:-100}" ;;
    max_locks_per_transaction) echo 64 ;;
    max_prepared_transactions) echo 0 ;;
    max_worker_processes) echo 8 ;;
    autovacuum_max_workers) echo 3 ;;
    max_wal_senders) echo 10 ;;
    port) v=$(pg_setting port "$conf" "$data"); echo "${v:-5432}" ;;
    *) return 1 ;;
  esac
}

# "version name conf datadir" per cluster
pg_clusters() {
  for c in "$R"/etc/postgresql/*/*/postgresql.conf; do
    [ -f "$c" ] || continue
    n=$(basename "$(dirname "$c")"); v=$(basename "$(dirname "$(dirname "$c")")")
    d=$(conf_value data_directory "$c"); [ -n "$d" ] || d="/var/lib/postgresql/$v/$n"
    echo "$v $n $c $d"
  done
}

# a meminfo field ($1) and setting it ($2)
meminfo_get() { awk -v k="$1:" '$1 == k { print $2 }' "$R/proc/meminfo"; }
meminfo_set() {
  awk -v k="$1:" -v v="$2" '$1 == k { printf "%-16s%8s%s\n", k, v, (NF > 2 ? " kB" : ""); next } { print }' \
    "$R/proc/meminfo" > "$R/proc/meminfo.tmp" && mv "$R/proc/meminfo.tmp" "$R/proc/meminfo"
}

# the smaps of a postmaster whose main shared memory is $2 kB in pages of $3 kB
pg_smaps() {
  pid=$1; kb=$2; page=$3
  if [ "$page" -gt 4 ]; then path="/anon_hugepage (deleted)"; hugetlb=$kb; else path="/dev/zero (deleted)"; hugetlb=0; fi
  mapping() {
    printf '%s %s %s %s %s                          %s\n' "$1" "$2" "$3" "$4" "$5" "$6"
    printf 'Size:           %8s kB\nKernelPageSize: %8s kB\nMMUPageSize:    %8s kB\n' "$7" "$8" "$8"
    printf 'Rss:            %8s kB\nShared_Hugetlb: %8s kB\nPrivate_Hugetlb:       0 kB\n' "$9" "${10}"
    printf 'VmFlags: %s\n' "${11}"
  }
  mapping 55b38422b000-55b384755000 r-xp 000cd000 fe:00 332054 \
    /usr/lib/postgresql/15/bin/postgres 5288 4 2260 0 "rd ex mr mw me"
  mapping 55b3ab42f000-55b3ab4e8000 rw-p 00000000 00:00 0 "[heap]" 740 4 564 0 "rd wr mr mw me ac"
  mapping 7f3a40000000-7f3b05e00000 rw-s 00000000 00:01 1026 "$path" "$kb" "$page" 8192 "$hugetlb" \
    "rd wr sh mr mw me ms"
  mapping 7f3b0c6f0000-7f3b0c6f1000 rw-s 00000000 00:01 0 "/SYSV00000000 (deleted)" 4 4 4 0 \
    "rd wr sh mr mw me ms"
}
