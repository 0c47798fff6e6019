package io.pagetune.linux;

import io.pagetune.connection.ShellQuote;
import io.pagetune.facts.Fact;
import io.pagetune.linux.sysctl.ConfFile;
import io.pagetune.linux.sysctl.MarkedFiles;
import io.pagetune.pages.ScriptFact;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * How a consumer owned by {@code user} starts, and with what memlock: the processes of the user
 * running now (their {@code /proc/<pid>/limits} and the systemd unit of their cgroup), the unit
 * files and drop-ins of those units and of every service unit with {@code User=<user>}, which of
 * them are enabled, and the manager's system.conf. A database started by systemd gets no pam_limits
 * unless its unit has {@code PAMName=}; one started from a login does.
 */
public record MemlockStart(
    String user, List<Running> running, List<ConfFile> systemd, Set<String> enabled) {
  public MemlockStart {
    running = List.copyOf(running);
    systemd = List.copyOf(systemd);
    enabled = Set.copyOf(enabled);
  }

  /** One process of the user: its unit (none in a login session) and its memlock. */
  public record Running(String pid, Optional<String> unit, Optional<MemlockLimits> limits) {}

  /** The unit that starts the consumer: the running processes' unit, else an enabled unit. */
  public Optional<String> unit() {
    Optional<String> live = running.stream().flatMap(r -> r.unit().stream()).findFirst();
    if (live.isPresent()) {
      return live;
    }
    return serviceUnits().stream().filter(enabled::contains).findFirst();
  }

  /** Service units whose {@code User=} is the user (main unit file or a drop-in). */
  List<String> serviceUnits() {
    Set<String> out = new LinkedHashSet<>();
    for (ConfFile f : systemd) {
      boolean runsAs =
          SystemdMemlock.assignments(f, "Service").stream()
              .anyMatch(a -> a.key().equals("User") && a.value().equals(user));
      String name = f.name().endsWith(".conf") ? unitOfDropIn(f) : f.name();
      if (runsAs && name.endsWith(".service")) {
        out.add(name);
      }
    }
    return List.copyOf(out);
  }

  private static String unitOfDropIn(ConfFile f) {
    String dir = f.directory();
    String base = dir.substring(dir.lastIndexOf('/') + 1);
    return base.endsWith(".d") ? base.substring(0, base.length() - 2) : base;
  }

  /** The snippet for one user; every host path in it is literal, the user name quoted. */
  public static String script(String user) {
    String q = ShellQuote.quote(user);
    List<String> lines = new ArrayList<>();
    lines.add("M=\"@@pt$(od -An -N8 -tx1 /dev/urandom 2>/dev/null | tr -d ' \\n')\"");
    lines.add("[ ${#M} -gt 12 ] || M=\"@@pt$$-$(date +%s)-nonce\"");
    lines.add("echo \"$M\"");
    lines.add(
        "pt_file() { [ -f \"$2\" ] || return 0; printf '\\n%s %s %s %s\\n' \"$M\" \"$1\" \"$2\""
            + " \"$2\"; cat \"$2\"; }");
    lines.add("u=" + q);
    lines.add(
        "uid=$(awk -F: -v u=\"$u\" '$1 == u { print $3 }' /etc/passwd 2>/dev/null);"
            + " [ -n \"$uid\" ] || uid=$(id -u \"$u\" 2>/dev/null)");
    lines.add("units=''");
    lines.add("for d in /proc/[0-9]*; do");
    lines.add("  [ -n \"$uid\" ] && [ -f \"$d/limits\" ] || continue");
    lines.add(
        "  [ \"$(awk '/^Uid:/ { print $2 }' \"$d/status\" 2>/dev/null)\" = \"$uid\" ] || continue");
    // cgroup v2 (0::/system.slice/x.service), else v1's name=systemd hierarchy
    lines.add(
        "  g=$(sed -n -e 's|^0::||p' -e 's|^[0-9]*:name=systemd:||p' \"$d/cgroup\" 2>/dev/null"
            + " | head -n 1); n=${g##*/}");
    lines.add("  case \"$n\" in *.service) units=\"$units $n\" ;; *) n=none ;; esac");
    lines.add("  printf '\\n%s proc %s %s\\n' \"$M\" \"${d##*/}\" \"$n\"; cat \"$d/limits\"");
    lines.add("done");
    lines.add("for d in " + String.join(" ", SystemdMemlock.UNIT_PATH) + "; do");
    lines.add("  for f in \"$d\"/*.service; do");
    lines.add(
        "    [ -f \"$f\" ] && grep -q \"^[[:space:]]*User=$u[[:space:]]*\\$\" \"$f\""
            + " && units=\"$units ${f##*/}\"");
    lines.add("  done");
    lines.add("done");
    lines.add("for n in $units; do");
    lines.add("  t=$(printf '%s' \"$n\" | sed 's/@[^.]*\\./@./')");
    lines.add("  for d in " + String.join(" ", SystemdMemlock.UNIT_PATH) + "; do");
    lines.add("    pt_file unit \"$d/$n\"; [ \"$t\" = \"$n\" ] || pt_file unit \"$d/$t\"");
    lines.add(
        "    for f in \"$d/$n.d\"/*.conf \"$d/$t.d\"/*.conf \"$d/service.d\"/*.conf; do"
            + " pt_file unit \"$f\"; done");
    lines.add("  done");
    lines.add(
        "  for w in /etc/systemd/system/*.wants/\"$n\"; do [ -e \"$w\" ] || [ -L \"$w\" ] &&"
            + " printf '\\n%s enabled %s %s\\n' \"$M\" \"$n\" \"$n\"; done");
    lines.add("done");
    lines.add("pt_file unit " + SystemdMemlock.SYSTEM_CONF);
    lines.add("for d in " + String.join(" ", SystemdMemlock.SYSTEM_CONF_D) + "; do");
    lines.add("  for f in \"$d\"/*.conf; do pt_file unit \"$f\"; done");
    lines.add("done");
    lines.add("printf '\\n%s end - -\\n' \"$M\"");
    return String.join("\n", lines);
  }

  public static MemlockStart parse(String user, String output) {
    List<Running> running = new ArrayList<>();
    List<ConfFile> systemd = new ArrayList<>();
    Set<String> enabled = new LinkedHashSet<>();
    Set<String> seen = new LinkedHashSet<>();
    for (MarkedFiles.Section s : MarkedFiles.parse(output)) {
      ConfFile f = s.file();
      switch (s.kind()) {
        case "proc" ->
            running.add(
                new Running(
                    f.path(),
                    f.resolvedPath().equals("none")
                        ? Optional.empty()
                        : Optional.of(f.resolvedPath()),
                    ProcLimits.memlock(f.text())));
        case "unit" -> {
          // a unit named twice (running and User=) is printed twice: read once
          if (seen.add(f.path())) {
            systemd.add(f);
          }
        }
        case "enabled" -> enabled.add(f.path());
        default -> {}
      }
    }
    return new MemlockStart(user, running, systemd, enabled);
  }

  public static Fact<MemlockStart> fact(String user) {
    return new ScriptFact<>("memlock_start_" + user, script(user), r -> parse(user, r.stdout()));
  }
}
