package io.pagetune.modules.builtin;

import io.pagetune.connection.ShellQuote;
import java.util.Optional;

/**
 * The POSIX shell loop {@code wait_for} runs on the host: it checks a TCP port (with {@code nc},
 * else Perl's IO::Socket, else bash's /dev/tcp) or a path (and a {@code grep -E} pattern in it)
 * every {@code sleep} seconds until the wanted state holds or the timeout has passed, and prints
 * {@code elapsed=<seconds>}. Exit 0 = reached, 1 = timed out, 3 = no way to probe a port.
 *
 * @param state started or stopped (for a path: present or absent)
 */
record WaitScript(
    String host,
    Optional<Integer> port,
    Optional<String> path,
    Optional<String> searchRegex,
    boolean wantUp,
    long timeout,
    long delay,
    long sleep,
    long connectTimeout) {

  String render() {
    StringBuilder s = new StringBuilder();
    s.append("host=").append(ShellQuote.quote(host)).append('\n');
    s.append("port=").append(port.map(String::valueOf).orElse("")).append('\n');
    s.append("path=").append(ShellQuote.quote(path.orElse(""))).append('\n');
    s.append("regex=").append(ShellQuote.quote(searchRegex.orElse(""))).append('\n');
    s.append("ct=").append(connectTimeout).append('\n');
    s.append("start=$(date +%s)\n");
    s.append("[ ").append(delay).append(" -eq 0 ] || sleep ").append(delay).append('\n');
    s.append(
        """
        probe() {
          if command -v nc >/dev/null 2>&1; then
            nc -z -w "$ct" "$host" "$port" >/dev/null 2>&1
          elif command -v perl >/dev/null 2>&1; then
            perl -MIO::Socket::INET -e 'exit(IO::Socket::INET->new(PeerAddr => $ARGV[0],
              PeerPort => $ARGV[1], Proto => "tcp", Timeout => $ARGV[2]) ? 0 : 1)' \
              "$host" "$port" "$ct" 2>/dev/null
          elif command -v bash >/dev/null 2>&1; then
            bash -c 'exec 3<>"/dev/tcp/$0/$1"' "$host" "$port" 2>/dev/null
          else
            echo "wait_for: neither nc, perl nor bash can probe a port on this host" >&2
            exit 3
          fi
        }
        check() {
          if [ -n "$port" ]; then probe; return; fi
          [ -e "$path" ] || return 1
          [ -z "$regex" ] || grep -E -q -e "$regex" -- "$path" 2>/dev/null
        }
        """);
    if (port.isEmpty() && path.isEmpty()) {
      // nothing to watch: Ansible then just waits out the timeout
      s.append("sleep ").append(timeout).append('\n');
      s.append("echo \"elapsed=$(( $(date +%s) - start ))\"\nexit 0\n");
      return s.toString();
    }
    s.append("while :; do\n");
    s.append(wantUp ? "  if check; then\n" : "  if ! check; then\n");
    s.append("    echo \"elapsed=$(( $(date +%s) - start ))\"; exit 0\n  fi\n");
    s.append("  now=$(date +%s)\n");
    s.append("  if [ $((now - start)) -ge ")
        .append(timeout)
        .append(" ]; then echo \"elapsed=$((now - start))\"; exit 1; fi\n");
    s.append("  sleep ").append(sleep).append('\n');
    s.append("done\n");
    return s.toString();
  }
}
