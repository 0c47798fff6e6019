#!/usr/bin/env bash
# CPU per SSH connection, two pagetune jars side by side: each run is one JVM that opens connections
# one after another through pagetune's SSH connection factory (strict host keys) to an OpenSSH sshd
# on 127.0.0.2, each running one command and writing and reading back 64 KB over SFTP
# (bench/HandshakeLoop.java); the first WARMUP connections of a run are not timed. The rounds
# alternate the jars, and the JVM options: the launcher's (read from ./pagetune: C1 only) and the
# JVM's defaults (C2, where the JDK's AES and GHASH intrinsics are compiled in).
# Needs Debian's openssh-server, python3 and a JDK 17+; run as root (it makes the login user).
# Usage: BASELINE_JAR=old.jar bench/handshake.sh
#        ROUNDS=60 WARMUP=20 RUNS=3 (the defaults)   OPTS="launcher default" (either or both)
# Writes bench/results/<timestamp>-handshake.tsv (+ .machine.txt) and prints the medians.
set -euo pipefail
here=$(CDPATH= cd -- "$(dirname -- "$0")" && pwd)
repo=$(dirname "$here")
rounds=${ROUNDS:-60}
warmup=${WARMUP:-20}
runs=${RUNS:-3}
opt_sets=${OPTS:-launcher default}
user=${BENCH_USER:-ptbench}
[ -n "${BASELINE_JAR:-}" ] || { echo "bench: set BASELINE_JAR to the pagetune jar to compare with" >&2; exit 2; }
for tool in /usr/sbin/sshd ssh-keygen python3 java; do
  command -v "$tool" >/dev/null || { echo "bench: missing $tool" >&2; exit 2; }
done
if ! id "$user" >/dev/null 2>&1; then
  [ "$(id -u)" = 0 ] || { echo "bench: create a user '$user' with shell /bin/sh, or run as root" >&2; exit 2; }
  useradd -m -s /bin/sh "$user"
fi
if [ "$(id -u)" = 0 ] && grep -q "^$user:!" /etc/shadow; then
  usermod -p '*' "$user"          # sshd refuses locked accounts even for key logins
fi
jar="$repo/target/pagetune.jar"
[ -f "$jar" ] || (cd "$repo" && ./mvnw -q -B -DskipTests -Dspotless.check.skip=true package)

work=$(mktemp -d /tmp/pagetune-handshake.XXXXXX)
chmod 755 "$work"
cp "$jar" "$work/pagetune.jar"     # the jars under test stay fixed while the sources change
cp "$BASELINE_JAR" "$work/baseline.jar"
cleanup() { [ -f "$work/sshd.pid" ] && kill "$(cat "$work/sshd.pid")" 2>/dev/null; rm -rf "$work"; }
trap cleanup EXIT
ssh-keygen -q -t ed25519 -N '' -f "$work/hostkey"
ssh-keygen -q -t ed25519 -N '' -f "$work/id"
cp "$work/id.pub" "$work/authorized_keys"
chmod 644 "$work/authorized_keys"
mkdir -p "$work/remote" /run/sshd
chown "$user" "$work/remote"
port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
cat > "$work/sshd.config" <<CFG
ListenAddress 127.0.0.2
Port $port
HostKey $work/hostkey
PidFile $work/sshd.pid
AuthorizedKeysFile $work/authorized_keys
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
StrictModes no
Subsystem sftp internal-sftp
# DEBUG1 logs the algorithms each connection agreed on (the tsv's kex and cipher columns)
LogLevel DEBUG1
CFG
/usr/sbin/sshd -f "$work/sshd.config" -E "$work/sshd.log"
for _ in $(seq 50); do [ -f "$work/sshd.pid" ] && break; sleep 0.1; done
echo "[127.0.0.2]:$port $(cut -d' ' -f1,2 "$work/hostkey.pub")" > "$work/known_hosts"

launcher_opts=$(sed -n 's/^opts=\${PAGETUNE_JAVA_OPTS:-\(.*\)}$/\1/p' "$repo/pagetune")
[ -n "$launcher_opts" ] || { echo "bench: cannot read the JVM options of ./pagetune" >&2; exit 2; }
java_opts() { case $1 in launcher) echo "$launcher_opts" ;; default) echo "" ;; esac; }
# CPU of sshd's reaped children (each connection's session processes), in ms
sshd_cpu_ms() { awk -v hz="$(getconf CLK_TCK)" '{ printf "%d", ($16 + $17) * 1000 / hz }' "/proc/$(cat "$work/sshd.pid")/stat"; }

stamp=$(date -u +%Y%m%dT%H%M%SZ)
results="$here/results/$stamp-handshake.tsv"
mkdir -p "$here/results"
{
  echo "date: $(date -u +%FT%TZ)"
  echo "cpus: $(nproc) ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'))"
  echo "memory: $(awk '/MemTotal/ { printf "%d MB", $2 / 1024 }' /proc/meminfo)"
  echo "java: $(java -version 2>&1 | head -n 1)"
  echo "sshd: $(ssh -V 2>&1)"
  echo "launcher JVM options: $launcher_opts"
  echo "per run: $warmup warm-up + $rounds timed connections, one at a time"
  echo "uptime at start: $(uptime)"
} > "${results%.tsv}.machine.txt"
printf 'jar\topts\trep\tcpu_ms_per_conn\twall_ms_per_conn\tsshd_cpu_ms_per_conn\tkex\tcipher\n' > "$results"
for rep in $(seq "$runs"); do
  for opts in $opt_sets; do
    for which in baseline pagetune; do
      log0=$(wc -l < "$work/sshd.log"); sshd0=$(sshd_cpu_ms)
      # shellcheck disable=SC2046
      read -r cpu wall < <(java $(java_opts "$opts") -cp "$work/$which.jar" "$here/HandshakeLoop.java" \
        127.0.0.2 "$port" "$user" "$work/id" "$work/known_hosts" "$work/remote" "$warmup" "$rounds")
      sleep 0.5   # the last session's processes are reaped
      sshd=$(python3 -c "print(round(($(sshd_cpu_ms) - $sshd0) / ($warmup + $rounds), 2))")
      tail -n +"$((log0 + 1))" "$work/sshd.log" > "$work/since.log"
      kex=$(sed -n 's/.*kex: algorithm: \([^ ]*\).*/\1/p' "$work/since.log" | sort | uniq -c | sort -rn | awk '{ print $2 }' | head -n 1)
      cipher=$(sed -n 's/.*kex: client->server cipher: \([^ ]*\).*/\1/p' "$work/since.log" | sort | uniq -c | sort -rn | awk '{ print $2 }' | head -n 1)
      printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$which" "$opts" "$rep" "$cpu" "$wall" "$sshd" "$kex" "$cipher" >> "$results"
      echo "  #$rep $which ($opts JVM options): ${cpu} ms CPU, ${wall} ms wall per connection; sshd ${sshd} ms; $kex, $cipher" >&2
    done
  done
done
echo "uptime at end: $(uptime)" >> "${results%.tsv}.machine.txt"
echo "results: $results" >&2
python3 - "$results" <<'PY'
import csv, statistics, sys
rows = list(csv.DictReader(open(sys.argv[1]), delimiter="\t"))
print("| JVM options | jar | runs | median CPU ms/connection | median wall ms/connection | median sshd CPU ms/connection | kex | cipher |")
print("|---|---|---|---|---|---|---|---|")
for opts in dict.fromkeys(r["opts"] for r in rows):
    for jar in ("baseline", "pagetune"):
        rs = [r for r in rows if r["opts"] == opts and r["jar"] == jar]
        med = lambda k: statistics.median(float(r[k]) for r in rs)
        print(f"| {opts} | {jar} | {len(rs)} | {med('cpu_ms_per_conn'):.2f} | {med('wall_ms_per_conn'):.2f} | "
              f"{med('sshd_cpu_ms_per_conn'):.2f} | {rs[0]['kex']} | {rs[0]['cipher']} |")
PY
