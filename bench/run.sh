#!/usr/bin/env bash
# Fan-out benchmark: the same HugePages-style work run three ways against N inventory hosts that
# all point at one OpenSSH sshd on loopback (each host with its own working directory):
#   pagetune, ansible-playbook (ansible-core), and a raw floor of N parallel `ssh host cat /proc/meminfo`.
# Needs Debian's openssh-server and ansible-core, GNU time, python3 and a JDK 17+.
# Usage: bench/run.sh [N ...]           (default N: 20 100; RUNS=3 repetitions each)
#        MODES=apply TOOLS="pagetune floor" bench/run.sh 500 2000   (a subset of the modes)
#        PROFILE=1 TOOLS=floor RUNS=1 bench/run.sh 100   (also a JFR CPU profile of pagetune's apply and
#                                       re-run per N, outside the timed rounds: results/<stamp>.profile.md)
#        RSS_ONLY=500 bench/run.sh      (the same as MODES=apply TOOLS="pagetune baseline" at 500)
#        TOOLS="pagetune floor" bench/run.sh 100   (a subset of the tools)
#        BASELINE_JAR=old.jar TOOLS="pagetune baseline floor" bench/run.sh 100
#                                       (another pagetune build side by side, e.g. the one before a change)
# Writes bench/results/<timestamp>.tsv and prints a summary (bench/summarize.py).
set -euo pipefail
here=$(CDPATH= cd -- "$(dirname -- "$0")" && pwd)
repo=$(dirname "$here")
runs=${RUNS:-3}
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(20 100)
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
cleanup() { [ -f "$work/sshd.pid" ] && kill "$(cat "$work/sshd.pid")" 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT

ssh-keygen -q -t ed25519 -N '' -f "$work/hostkey"
ssh-keygen -q -t ed25519 -N '' -f "$work/id"
cp "$work/id.pub" "$work/authorized_keys"
chown "$user" "$work/id" "$work/id.pub"
chmod 644 "$work/authorized_keys"
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
cat > "$work/sshd_config" <<CFG
ListenAddress 127.0.0.1
Port $port
HostKey $work/hostkey
PidFile $work/sshd.pid
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
LogLevel VERBOSE
CFG
mkdir -p /run/sshd
/usr/sbin/sshd -f "$work/sshd_config" -E "$work/sshd.log"
for _ in $(seq 50); do [ -f "$work/sshd.pid" ] && break; sleep 0.1; done
echo "[127.0.0.1]:$port $(cut -d' ' -f1,2 "$work/hostkey.pub")" > "$work/known_hosts"

inventory() { # N -> inventory path (INI, read by both tools)
  local n=$1 inv="$work/hosts-$1.ini"
  {
    echo "[all]"
    for i in $(seq -f '%03g' 1 "$n"); do
      echo "host$i ansible_host=127.0.0.1 ansible_port=$port root=$work/hosts/host$i"
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
  for i in $(seq -f '%03g' 1 "$1"); do mkdir "$work/hosts/host$i"; done
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
printf 'tool\tn\tmode\trep\twall_s\tcpu_s\tpeak_rss_kb\texit\tsshd_cpu_s\tconnections\texec_sessions\tsftp_sessions\n' > "$results"
machine() { # the machine and its load, beside the results: figures taken under load say so
  echo "date: $(date -u +%FT%TZ)"
  echo "cpus: $(nproc) ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'))"
  echo "memory: $(awk '/MemTotal/ { printf "%d MB", $2 / 1024 }' /proc/meminfo)"
  echo "java: $(java -version 2>&1 | head -n 1)"
  echo "sshd: $(ssh -V 2>&1)"
  echo "ansible: $(ansible-playbook --version 2>/dev/null | head -n 1)"
  echo "pagetune JVM options: $(java_opts)"
  echo "uptime at start: $(uptime)"
}

# the launcher's JVM defaults, read from ./pagetune so that the bench measures what users run
java_opts() { sed -n 's/^opts=\${PAGETUNE_JAVA_OPTS:-\(.*\)}$/\1/p' "$repo/pagetune"; }
launcher_opts=$(java_opts)
[ -n "$launcher_opts" ] || { echo "bench: cannot read the JVM options of ./pagetune" >&2; exit 2; }
machine > "${results%.tsv}.machine.txt"

# CPU that sshd and everything it started (key exchange, session shells, commands, SFTP) used,
# in seconds: the master's reaped children, so it counts once a connection has ended
sshd_cpu() { awk -v hz="$(getconf CLK_TCK)" '{ printf "%.2f", ($16 + $17) / hz }' "/proc/$(cat "$work/sshd.pid")/stat"; }

measure() { # tool n mode rep -- command...
  local tool=$1 n=$2 mode=$3 rep=$4; shift 5
  local t="$work/time.out" rc=0 wall usr sys rss cpu sshd0 sshd1 log0 conns execs sftps
  sshd0=$(sshd_cpu); log0=$(wc -l < "$work/sshd.log")
  /usr/bin/time -f '%e %U %S %M' -o "$t" bash -c '"$@"' bench "$@" > "$work/last.log" 2>&1 || rc=$?
  # ansible's ControlPersist masters outlive the run: end them so that their sshd CPU counts
  pkill -f "$work/cp/" 2>/dev/null || true
  for _ in $(seq 50); do pgrep -f "$work/cp/" > /dev/null || break; sleep 0.1; done
  sleep 0.5
  sshd1=$(sshd_cpu)
  read -r wall usr sys rss < <(tail -n 1 "$t")
  cpu=$(python3 -c "print(round($usr + $sys, 2))")
  conns=$(tail -n +"$((log0 + 1))" "$work/sshd.log" | grep -c 'Accepted publickey' || true)
  execs=$(tail -n +"$((log0 + 1))" "$work/sshd.log" | grep -c 'Starting session: command' || true)
  sftps=$(tail -n +"$((log0 + 1))" "$work/sshd.log" | grep -c "Starting session: subsystem 'sftp'" || true)
  printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$tool" "$n" "$mode" "$rep" "$wall" "$cpu" "$rss" "$rc" \
    "$(python3 -c "print(round($sshd1 - $sshd0, 2))")" "$conns" "$execs" "$sftps" >> "$results"
  echo "  $tool n=$n $mode #$rep: ${wall}s wall, ${cpu}s cpu, ${rss} KB peak, exit $rc; sshd $(python3 -c "print(round($sshd1 - $sshd0, 2))")s cpu, $conns connections, $execs exec sessions, $sftps sftp" >&2
  if [ "$rc" != 0 ] && [ "$rc" != 2 ]; then tail -n 20 "$work/last.log" >&2; fi
}

pagetune() { PT_JAR="${PT_JAR:-$work/pagetune.jar}"; java ${PAGETUNE_JAVA_OPTS:-$launcher_opts} -jar "$PT_JAR" run "$here/scenario/pagetune.yml" -i "$1" --known-hosts "$work/known_hosts" --progress none ${PAGETUNE_ARGS:-} "${@:2}"; }
baseline() { PT_JAR="$work/baseline.jar" pagetune "$@"; }
ansible() { ANSIBLE_CONFIG="$work/ansible.cfg" ansible-playbook -i "$1" "$here/scenario/ansible.yml" "${@:2}"; }
floor() { seq "$1" | xargs -P "$1" -I{} ssh -p "$port" -i "$work/id" -o BatchMode=yes \
  -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null -o LogLevel=ERROR "$user@127.0.0.1" 'cat /proc/meminfo' > /dev/null; }

wants() { case " ${TOOLS:-pagetune ansible floor} " in *" $1 "*) return 0;; *) return 1;; esac; }

export jar here repo work port user PAGETUNE_ARGS PAGETUNE_JAVA_OPTS launcher_opts
export -f pagetune baseline ansible floor

wants_mode() { case " $modes " in *" $1 "*) return 0;; *) return 1;; esac; }

run_tool() { # tool n inventory rep: its apply (from empty host directories), re-run and check
  local tool=$1 n=$2 inv=$3 rep=$4
  reset_hosts "$n"
  if wants_mode apply; then measure "$tool" "$n" apply "$rep" -- "$tool" "$inv"; fi
  if wants_mode rerun; then measure "$tool" "$n" rerun "$rep" -- "$tool" "$inv"; fi
  if wants_mode check; then measure "$tool" "$n" check "$rep" -- "$tool" "$inv" --check; fi
}

for n in "${sizes[@]}"; do
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
done
if [ -n "${PROFILE:-}" ]; then
  # outside the timed rounds: the recording itself costs CPU
  for n in "${sizes[@]}"; do
    inv=$(inventory "$n"); reset_hosts "$n"
    for mode in apply rerun; do
      PAGETUNE_JAVA_OPTS="$launcher_opts -XX:StartFlightRecording=filename=$work/$mode.jfr,settings=profile" \
        pagetune "$inv" > /dev/null 2>&1 || true
      jfr print --events jdk.ExecutionSample "$work/$mode.jfr" \
        | python3 "$here/jfr_top.py" "N=$n $mode" >> "${results%.tsv}.profile.md"
    done
  done
fi
echo "uptime at end: $(uptime)" >> "${results%.tsv}.machine.txt"
echo "results: $results" >&2
python3 "$here/summarize.py" "$results"
