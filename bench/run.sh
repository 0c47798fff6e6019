#!/usr/bin/env bash
# Fan-out benchmark: the same HugePages-style work run three ways against N inventory hosts spread
# over several OpenSSH sshd listeners on loopback (127.0.0.2, 127.0.0.3, ...: one sshd process per
# address, as a fleet has one sshd per server; each host with its own working directory):
#   pagetune, ansible-playbook (ansible-core), and the floor: N parallel `ssh host cat /proc/meminfo`
#   using the key exchange, host key, cipher and MAC that pagetune negotiates (read from a probe
#   sshd's debug log before the rounds), so the floor pays the same cryptography.
# Needs Debian's openssh-server and ansible-core, GNU time, python3 and a JDK 17+.
# Usage: bench/run.sh [--with-1000] [--with-5000] [N ...]
#                                 (default N: 100; RUNS=3 side-by-side rounds each; --with-1000 and
#                                  --with-5000 add those sizes for pagetune and the floor only: they
#                                  take long)
#        LISTENERS=8              sshd processes the hosts are spread over (default 8)
#        MODES=apply TOOLS="pagetune floor" bench/run.sh 500 2000   (a subset of the modes)
#        PROFILE=1 TOOLS=floor RUNS=1 bench/run.sh 100   (also a JFR CPU profile of pagetune's apply and
#                                       re-run per N, outside the timed rounds: results/<stamp>.profile.md)
#        RSS_ONLY=500 bench/run.sh      (the same as MODES=apply TOOLS="pagetune baseline" at 500)
#        TOOLS="pagetune floor" bench/run.sh 100   (a subset of the tools)
#        BASELINE_JAR=old.jar TOOLS="pagetune baseline floor" bench/run.sh 100
#                                       (another pagetune build side by side, e.g. the one before a change)
#        BASELINE_JAR=same.jar PAGETUNE_JAVA_OPTS=... BASELINE_JAVA_OPTS=... TOOLS="pagetune baseline" ...
#                                       (JVM options side by side: each defaults to the launcher's)
#        FLOOR_PARALLEL=2000      (the floor's ssh clients at once; the default keeps N = 5000 in memory)
#        FLOOR_KEX=... FLOOR_CIPHER=... FLOOR_MAC=... FLOOR_HOSTKEY=...   (override the probed ones)
#        CDS=0 bench/run.sh 100   (pagetune without the class-data-sharing archive the launcher makes;
#                                  by default each jar under test maps an archive written by one
#                                  untimed 1-host apply, as ./pagetune does after its first run;
#                                  CDS=pagetune gives it to the jar under test only, so that
#                                  BASELINE_JAR=the same jar measures the archive side by side)
# Writes bench/results/<timestamp>.tsv and prints a summary (bench/summarize.py).
set -euo pipefail
here=$(CDPATH= cd -- "$(dirname -- "$0")" && pwd)
repo=$(dirname "$here")
runs=${RUNS:-3}
sizes=()
large=()   # sizes only pagetune and the floor run at
for arg in "$@"; do
  case $arg in
    --with-1000) large+=(1000) ;;
    --with-5000) large+=(5000) ;;
    *) sizes+=("$arg") ;;
  esac
done
[ ${#sizes[@]} -gt 0 ] || [ ${#large[@]} -gt 0 ] || sizes=(100)
listeners=${LISTENERS:-8}
if [ -n "${RSS_ONLY:-}" ]; then
  sizes=($RSS_ONLY); MODES=${MODES:-apply}; TOOLS=${TOOLS:-pagetune baseline}
fi
modes=${MODES:-apply rerun check}

for tool in /usr/sbin/sshd ansible-playbook ssh ssh-keygen /usr/bin/time python3 java; do
  command -v "$tool" >/dev/null || { echo "bench: missing $tool (apt-get install openssh-server ansible-core time python3)" >&2; exit 2; }
done

user=${BENCH_USER:-ptbench}
if ! id "$user" >/dev/null 2>&1; then
  [ "$(id -u)" = 0 ] || { echo "bench: create a user '$user' with shell /bin/sh, or run as root" >&2; exit 2; }
  useradd -m -s /bin/sh "$user"   # a light login shell: the floor measures SSH, not dotfiles
fi
if [ "$(id -u)" = 0 ] && grep -q "^$user:!" /etc/shadow; then
  usermod -p '*' "$user"          # sshd refuses locked accounts even for key logins
fi

jar="$repo/target/pagetune.jar"
[ -f "$jar" ] || (cd "$repo" && ./mvnw -q -B -DskipTests -Dspotless.check.skip=true package)

work=$(mktemp -d /tmp/pagetune-bench.XXXXXX)
chmod 755 "$work"
cp "$jar" "$work/pagetune.jar"   # the jar under test stays fixed while the sources change
[ -z "${BASELINE_JAR:-}" ] || cp "$BASELINE_JAR" "$work/baseline.jar"
ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)" || true   # N=2000: a socket and pipes per host
cleanup() {
  for pid in "$work"/sshd-*.pid; do [ -f "$pid" ] && kill "$(cat "$pid")" 2>/dev/null; done
  rm -rf "$work"
}
trap cleanup EXIT

ssh-keygen -q -t ed25519 -N '' -f "$work/hostkey"
ssh-keygen -q -t ed25519 -N '' -f "$work/id"
cp "$work/id.pub" "$work/authorized_keys"
chown "$user" "$work/id" "$work/id.pub"
chmod 644 "$work/authorized_keys"
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
mkdir -p /run/sshd
start_sshd() { # name address loglevel: one sshd process listening on address:port
  local name=$1 addr=$2 level=$3
  cat > "$work/sshd-$name.config" <<CFG
ListenAddress $addr
Port $port
HostKey $work/hostkey
PidFile $work/sshd-$name.pid
AuthorizedKeysFile $work/authorized_keys
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
StrictModes no
# every tool gets the same generous limits: this measures the tools, not sshd's throttling
MaxStartups 2200:30:2400
MaxSessions 64
Subsystem sftp internal-sftp
# VERBOSE logs every connection, session and subsystem: the per-run counts in the results
LogLevel $level
CFG
  /usr/sbin/sshd -f "$work/sshd-$name.config" -E "$work/sshd-$name.log"
  for _ in $(seq 50); do [ -f "$work/sshd-$name.pid" ] && break; sleep 0.1; done
  echo "[$addr]:$port $(cut -d' ' -f1,2 "$work/hostkey.pub")" >> "$work/known_hosts"
}
for l in $(seq "$listeners"); do start_sshd "$l" "127.0.0.$((l + 1))" VERBOSE; done
listener_addr() { echo "127.0.0.$(( ($1 - 1) % listeners + 2 ))"; }   # host number -> its sshd

inventory() { # N -> inventory path (INI, read by both tools)
  local n=$1 inv="$work/hosts-$1.ini"
  {
    echo "[all]"
    for i in $(seq -f '%03g' 1 "$n"); do
      echo "host$i ansible_host=$(listener_addr "$((10#$i))") ansible_port=$port root=$work/hosts/host$i"
    done
    echo "[all:vars]"
    echo "ansible_user=$user"
    echo "ansible_ssh_private_key_file=$work/id"
  } > "$inv"
  echo "$inv"
}

reset_hosts() { # N
  rm -rf "$work/hosts"
  mkdir -p "$work/hosts"
  (cd "$work/hosts" && seq -f 'host%03g' 1 "$1" | xargs mkdir)
  chown -R "$user" "$work/hosts"
}

ansible_cfg() { # N
  local forks=$(( $1 < 50 ? $1 : 50 ))
  cat > "$work/ansible.cfg" <<CFG
[defaults]
forks = $forks
host_key_checking = False
retry_files_enabled = False
interpreter_python = auto_silent
[ssh_connection]
pipelining = True
ssh_args = -o ControlMaster=auto -o ControlPersist=60s -o UserKnownHostsFile=/dev/null -o StrictHostKeyChecking=no
control_path_dir = $work/cp
CFG
}

results="$here/results/$(date -u +%Y%m%dT%H%M%SZ).tsv"
mkdir -p "$here/results"
printf 'tool\tn\tmode\trep\twall_s\tcpu_s\tpeak_rss_kb\texit\tsshd_cpu_s\tconnections\texec_sessions\tsftp_sessions\tidle_pct\tsteal_pct\tprocesses\tmachine_cpu_s\n' > "$results"
machine() { # the machine and its load, beside the results: figures taken under load say so
  echo "date: $(date -u +%FT%TZ)"
  echo "cpus: $(nproc) ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'))"
  echo "memory: $(awk '/MemTotal/ { printf "%d MB", $2 / 1024 }' /proc/meminfo)"
  echo "java: $(java -version 2>&1 | head -n 1)"
  echo "sshd: $(ssh -V 2>&1)"
  echo "ansible: $(ansible-playbook --version 2>/dev/null | head -n 1)"
  echo "pagetune JVM options: $(java_opts)"
  echo "floor ssh clients at once: up to ${FLOOR_PARALLEL:-2000}"
  echo "sshd listeners: $listeners (127.0.0.2-127.0.0.$((listeners + 1)), port $port)"
  echo "floor algorithms: kex $floor_kex, host key $floor_hostkey, cipher $floor_cipher, mac $floor_mac"
  echo "class-data archive: $(case ${CDS:-1} in 0) echo no ;; pagetune) echo "pagetune only (a 1-host apply wrote it)" ;; *) echo "yes, written by a 1-host apply of each jar" ;; esac)"
  echo "JVM options: pagetune ${PAGETUNE_JAVA_OPTS:-as the launcher}; baseline ${BASELINE_JAVA_OPTS:-${PAGETUNE_JAVA_OPTS:-as the launcher}}"
  echo "uptime at start: $(uptime)"
}

# the launcher's JVM defaults, read from ./pagetune so that the bench measures what users run
java_opts() { sed -n 's/^opts=\${PAGETUNE_JAVA_OPTS:-\(.*\)}$/\1/p' "$repo/pagetune"; }
launcher_opts=$(java_opts)
[ -n "$launcher_opts" ] || { echo "bench: cannot read the JVM options of ./pagetune" >&2; exit 2; }

# CPU that the sshd listeners and everything they started (key exchange, session shells,
# commands, SFTP) used, in seconds: the masters' reaped children, so it counts once a connection
# has ended
sshd_cpu() {
  local l total=0
  for l in $(seq "$listeners"); do
    total=$(awk -v hz="$(getconf CLK_TCK)" -v t="$total" '{ printf "%.2f", t + ($16 + $17) / hz }' \
      "/proc/$(cat "$work/sshd-$l.pid")/stat")
  done
  echo "$total"
}
sshd_log_lines() { local l; for l in $(seq "$listeners"); do wc -l < "$work/sshd-$l.log"; done | paste -sd' '; }
sshd_log_since() { # "counts from sshd_log_lines" -> the lines logged since, of every listener
  local l=1 from
  for from in $1; do tail -n +"$((from + 1))" "$work/sshd-$l.log"; l=$((l + 1)); done
}

# the machine's CPU counters (/proc/stat's first line): idle and steal over a run, in % of all
# ticks. Steal is time the hypervisor gave to other guests; it does not show in a tool's own CPU
# time and made runs on a busy host look like waiting
cpu_ticks() { head -n 1 /proc/stat; }
# processes the machine started since boot (/proc/stat): over a run, the processes the tool and
# its hosts' sshd, shells and commands started (the machine is otherwise idle)
forks() { awk '$1 == "processes" { print $2 }' /proc/stat; }
idle_steal() { # "cpu_ticks before" "cpu_ticks after" -> "idle% steal% busy-seconds"
  # busy: every CPU's time not idle, waiting or stolen, in seconds (the kernel counts USER_HZ
  # ticks): what the tool and its hosts' sshd, shells and commands cost the machine together
  python3 -c '
import sys
a = [int(x) for x in sys.argv[1].split()[1:]]; b = [int(x) for x in sys.argv[2].split()[1:]]
d = [y - x for x, y in zip(a, b)]; total = sum(d[:8]) or 1
busy = (sum(d[:8]) - d[3] - d[4] - d[7]) / int(sys.argv[3])
print(f"{100 * (d[3] + d[4]) / total:.1f} {100 * d[7] / total:.1f} {busy:.2f}")' "$1" "$2" "$(getconf CLK_TCK)"
}

measure() { # tool n mode rep -- command...
  local tool=$1 n=$2 mode=$3 rep=$4; shift 5
  local t="$work/time.out" rc=0 wall usr sys rss cpu sshd0 sshd1 log0 conns execs sftps ticks0 idle steal
  sshd0=$(sshd_cpu); log0=$(sshd_log_lines); ticks0=$(cpu_ticks); forks0=$(forks)
  /usr/bin/time -f '%e %U %S %M' -o "$t" bash -c '"$@"' bench "$@" > "$work/last.log" 2>&1 || rc=$?
  read -r idle steal busy < <(idle_steal "$ticks0" "$(cpu_ticks)"); procs=$(( $(forks) - forks0 ))
  # ansible's ControlPersist masters outlive the run: end them so that their sshd CPU counts
  pkill -f "$work/cp/" 2>/dev/null || true
  for _ in $(seq 50); do pgrep -f "$work/cp/" > /dev/null || break; sleep 0.1; done
  sleep 0.5
  sshd1=$(sshd_cpu)
  read -r wall usr sys rss < <(tail -n 1 "$t")
  cpu=$(python3 -c "print(round($usr + $sys, 2))")
  sshd_log_since "$log0" > "$work/since.log"
  conns=$(grep -c 'Accepted publickey' "$work/since.log" || true)
  execs=$(grep -c 'Starting session: command' "$work/since.log" || true)
  sftps=$(grep -c "Starting session: subsystem 'sftp'" "$work/since.log" || true)
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$tool" "$n" "$mode" "$rep" "$wall" "$cpu" "$rss" "$rc" \
    "$(python3 -c "print(round($sshd1 - $sshd0, 2))")" "$conns" "$execs" "$sftps" "$idle" "$steal" "$procs" "$busy" >> "$results"
  echo "  $tool n=$n $mode #$rep: ${wall}s wall, ${cpu}s cpu, ${rss} KB peak, exit $rc; sshd $(python3 -c "print(round($sshd1 - $sshd0, 2))")s cpu, $conns connections, $execs exec sessions, $sftps sftp; machine ${idle}% idle, ${steal}% steal, $procs processes started, ${busy}s machine CPU" >&2
  if [ "$rc" != 0 ] && [ "$rc" != 2 ]; then tail -n 20 "$work/last.log" >&2; fi
}

# the jar's class-data-sharing archive when the bench made one (probe_algorithms), as ./pagetune maps it
cds_opts() { if [ -z "${NO_CDS:-}" ] && [ -s "$1.jsa" ]; then echo "-XX:SharedArchiveFile=$1.jsa -Xlog:cds=off -Xlog:cds+dynamic=off"; fi; }
pagetune() { PT_JAR="${PT_JAR:-$work/pagetune.jar}"; java $(cds_opts "$PT_JAR") ${PAGETUNE_JAVA_OPTS:-$launcher_opts} -jar "$PT_JAR" run "$here/scenario/pagetune.yml" -i "$1" --known-hosts "$work/known_hosts" --progress none ${PAGETUNE_ARGS:-} "${@:2}"; }
baseline() { PAGETUNE_JAVA_OPTS="${BASELINE_JAVA_OPTS:-${PAGETUNE_JAVA_OPTS:-$launcher_opts}}" PT_JAR="$work/baseline.jar" pagetune "$@"; }
ansible() { ANSIBLE_CONFIG="$work/ansible.cfg" ansible-playbook -i "$1" "$here/scenario/ansible.yml" "${@:2}"; }
# ssh clients the floor runs at once: all N, up to FLOOR_PARALLEL (default 2000). At N = 5000 the
# clients, sshd's two processes per connection and the shells would need about 25 GB at once.
floor_parallel() { local cap=${FLOOR_PARALLEL:-2000}; echo $(( $1 < cap ? $1 : cap )); }
# the floor connects to the same listeners as the hosts (host i to listener_addr i), with the same
# algorithms as pagetune and strict host keys from the same known_hosts
floor() { seq "$1" | awk -v l="$listeners" '{ print "127.0.0." (($1 - 1) % l + 2) }' | xargs -P "$(floor_parallel "$1")" -I{} \
  ssh -p "$port" -i "$work/id" -o BatchMode=yes -o StrictHostKeyChecking=yes -o UserKnownHostsFile="$work/known_hosts" \
  -o KexAlgorithms="$floor_kex" -o HostKeyAlgorithms="$floor_hostkey" -o Ciphers="$floor_cipher" -o MACs="$floor_mac" \
  -o LogLevel=ERROR "$user@{}" 'cat /proc/meminfo' > /dev/null; }

# What pagetune negotiates with this OpenSSH: one --check run of the jar under test against a probe
# sshd that logs the key exchange (DEBUG1), outside the timed rounds
probe_algorithms() {
  start_sshd probe 127.0.0.254 DEBUG1
  mkdir -p "$work/probe"; chown "$user" "$work/probe"
  printf '[all]\nprobe ansible_host=127.0.0.254 ansible_port=%s root=%s\n[all:vars]\nansible_user=%s\nansible_ssh_private_key_file=%s\n' \
    "$port" "$work/probe" "$user" "$work/id" > "$work/probe.ini"
  pagetune "$work/probe.ini" --check > "$work/probe.out" 2>&1 || true
  if [ "${CDS:-1}" != 0 ]; then
    # the launcher's archive: the classes of a first run, dumped as it exits (an apply, so the
    # write path's classes are in it too); the timed runs map it
    local j
    for j in "$work/pagetune.jar" ${BASELINE_JAR:+"$work/baseline.jar"}; do
      if [ "$j" = "$work/baseline.jar" ] && [ "${CDS:-1}" = pagetune ]; then continue; fi
      rm -rf "$work/probe"; mkdir -p "$work/probe"; chown "$user" "$work/probe"
      PAGETUNE_JAVA_OPTS="$launcher_opts -XX:ArchiveClassesAtExit=$j.jsa -Xlog:cds=off -Xlog:cds+dynamic=off" \
        PT_JAR="$j" pagetune "$work/probe.ini" > "$work/probe-cds.out" 2>&1 || true
      [ -s "$j.jsa" ] || echo "bench: no class-data archive for $j; it runs without one" >&2
    done
  fi
  kill "$(cat "$work/sshd-probe.pid")"
  probed() { sed -n "s/.*$1: \([^ ]*\).*/\1/p" "$work/sshd-probe.log" | head -n 1; }
  floor_kex=${FLOOR_KEX:-$(probed 'kex: algorithm')}
  floor_hostkey=${FLOOR_HOSTKEY:-$(probed 'kex: host key algorithm')}
  floor_cipher=${FLOOR_CIPHER:-$(sed -n 's/.*kex: client->server cipher: \([^ ]*\) MAC: \([^ ]*\).*/\1/p' "$work/sshd-probe.log" | head -n 1)}
  floor_mac=${FLOOR_MAC:-$(sed -n 's/.*kex: client->server cipher: \([^ ]*\) MAC: \([^ ]*\).*/\2/p' "$work/sshd-probe.log" | head -n 1)}
  # an AEAD cipher has no separate MAC (sshd logs "<implicit>"): any the client accepts will do
  case $floor_mac in ''|'<implicit>') floor_mac=hmac-sha2-256-etm@openssh.com ;; esac
  if [ -z "$floor_kex" ] || [ -z "$floor_cipher" ]; then
    echo "bench: could not read pagetune's algorithms from the probe sshd's log" >&2; tail -n 20 "$work/probe.out" >&2; exit 2
  fi
  echo "floor: kex $floor_kex, host key $floor_hostkey, cipher $floor_cipher, mac $floor_mac (as pagetune negotiates)" >&2
}

wants() { case " ${TOOLS:-pagetune ansible floor} " in *" $1 "*) return 0;; *) return 1;; esac; }

export jar here repo work port user listeners PAGETUNE_ARGS PAGETUNE_JAVA_OPTS BASELINE_JAVA_OPTS launcher_opts
export -f cds_opts pagetune baseline ansible floor floor_parallel

probe_algorithms   # sets floor_kex, floor_hostkey, floor_cipher, floor_mac
export floor_kex floor_hostkey floor_cipher floor_mac
machine > "${results%.tsv}.machine.txt"

wants_mode() { case " $modes " in *" $1 "*) return 0;; *) return 1;; esac; }

run_tool() { # tool n inventory rep: its apply (from empty host directories), re-run and check
  local tool=$1 n=$2 inv=$3 rep=$4
  reset_hosts "$n"
  if wants_mode apply; then measure "$tool" "$n" apply "$rep" -- "$tool" "$inv"; fi
  if wants_mode rerun; then measure "$tool" "$n" rerun "$rep" -- "$tool" "$inv"; fi
  if wants_mode check; then measure "$tool" "$n" check "$rep" -- "$tool" "$inv" --check; fi
}

round_of() { # n: RUNS side-by-side rounds at one size
  local n=$1 inv rep tool
  inv=$(inventory "$n"); ansible_cfg "$n"
  echo "N=$n" >&2
  for rep in $(seq "$runs"); do
    # side by side in one round: each tool's modes, then the floor
    for tool in pagetune baseline ansible; do
      if wants "$tool"; then run_tool "$tool" "$n" "$inv" "$rep"; fi
    done
    if wants floor; then
      measure floor "$n" ssh "$rep" -- floor "$n"
    fi
  done
}
for n in "${sizes[@]}"; do round_of "$n"; done
for n in "${large[@]}"; do TOOLS=${TOOLS_LARGE:-pagetune floor} round_of "$n"; done
if [ -n "${PROFILE:-}" ]; then
  # outside the timed rounds: the recording itself costs CPU
  for n in "${sizes[@]}" "${large[@]}"; do
    inv=$(inventory "$n"); reset_hosts "$n"
    for mode in apply rerun; do
      # without the archive: JDK 17 aborts a JVM that records JFR while it maps a dynamic archive
      NO_CDS=1 PAGETUNE_JAVA_OPTS="$launcher_opts -XX:StartFlightRecording=filename=$work/$mode.jfr,settings=profile" \
        pagetune "$inv" > /dev/null 2>&1 || true
      jfr print --events jdk.ExecutionSample "$work/$mode.jfr" \
        | python3 "$here/jfr_top.py" "N=$n $mode" >> "${results%.tsv}.profile.md"
    done
  done
fi
echo "uptime at end: $(uptime)" >> "${results%.tsv}.machine.txt"
echo "results: $results" >&2
python3 "$here/summarize.py" "$results"
