package io.pagetune.linux.sysctl;

import io.pagetune.facts.Fact;
import io.pagetune.pages.ScriptFact;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What decides a sysctl value at boot on a Linux host (domain.md §5a): every sysctl configuration
 * file (names, link targets and contents), the active tuned profile and tuned-main.conf. Any module
 * that persists a sysctl value plans it against these with {@link SysctlPersistence}.
 */
public record SysctlBootFiles(
    List<ConfFile> sysctl, Optional<TunedProfile> tunedProfile, Optional<ConfFile> tunedMain) {
  public SysctlBootFiles {
    sysctl = List.copyOf(sysctl);
  }

  /** The snippet: the host's own files (a lab connection maps them to the lab host's). */
  public static String script() {
    return script(List.of());
  }

  /**
   * The snippet with more {@code pt_file KIND PATH} lines between the sysctl files and tuned's, for
   * a target that reads more boot configuration in the same round trip.
   */
  public static String script(List<String> moreFiles) {
    List<String> lines = new ArrayList<>();
    // a random marker per run: no file content can forge a section
    lines.addAll(
        List.of(
            "M=\"@@pt$(od -An -N8 -tx1 /dev/urandom 2>/dev/null | tr -d ' \\n')\"",
            "[ ${#M} -gt 12 ] || M=\"@@pt$$-$(date +%s)-nonce\"",
            "echo \"$M\"",
            "pt_file() { [ -f \"$2\" ] || return 0; t=$(readlink -f \"$2\" 2>/dev/null);"
                + " [ -n \"$t\" ] || t=\"$2\"; printf '\\n%s %s %s %s\\n' \"$M\" \"$1\" \"$2\""
                + " \"$t\"; cat \"$2\"; }",
            "for d in " + String.join(" ", SysctlPrecedence.DIRECTORIES) + "; do",
            "  for f in \"$d\"/*.conf; do pt_file sysctl \"$f\"; done",
            "done",
            "pt_file sysctl " + SysctlPrecedence.SYSCTL_CONF));
    lines.addAll(moreFiles);
    lines.addAll(
        List.of(
            "pt_file tuned-main /etc/tuned/tuned-main.conf",
            "if [ -f /etc/tuned/active_profile ]; then",
            "  p=$(head -n 1 /etc/tuned/active_profile | cut -d' ' -f1)",
            "  printf '\\n%s tuned-profile %s %s\\n' \"$M\" \"$p\" \"$p\"",
            "  case \"$p\" in */*|'') ;; *)",
            "    if [ -f \"/etc/tuned/$p/tuned.conf\" ]; then pt_file tuned \"/etc/tuned/$p/tuned.conf\";",
            "    else pt_file tuned \"/usr/lib/tuned/$p/tuned.conf\"; fi ;;",
            "  esac",
            "fi",
            "printf '\\n%s end - -\\n' \"$M\""));
    return String.join("\n", lines);
  }

  /** Reads the snippet's output; anything but a marked output is a host with no files. */
  public static SysctlBootFiles parse(String output) {
    List<ConfFile> sysctl = new ArrayList<>();
    Optional<ConfFile> tuned = Optional.empty();
    Optional<String> profile = Optional.empty();
    Optional<ConfFile> tunedMain = Optional.empty();
    String[] lines = output.strip().split("\n", -1);
    String mark = lines[0].strip() + " ";
    if (!mark.startsWith("@@pt") || mark.length() < 12) {
      return new SysctlBootFiles(sysctl, Optional.empty(), Optional.empty());
    }
    List<String> all = new ArrayList<>(List.of(lines).subList(1, lines.length));
    all.add(mark + "end - -");
    String[] head = null;
    List<String> body = new ArrayList<>();
    for (String line : all) {
      if (!line.startsWith(mark)) {
        body.add(line);
        continue;
      }
      if (head != null && head.length == 3) {
        if (!body.isEmpty() && body.get(body.size() - 1).isEmpty()) {
          body.remove(body.size() - 1);
        }
        String text = body.isEmpty() ? "" : String.join("\n", body) + "\n";
        ConfFile f = new ConfFile(head[1], head[2], text);
        switch (head[0]) {
          case "sysctl" -> sysctl.add(f);
          case "tuned" -> tuned = Optional.of(f);
          case "tuned-profile" -> profile = Optional.of(head[1]);
          case "tuned-main" -> tunedMain = Optional.of(f);
          default -> {}
        }
      }
      head = line.substring(mark.length()).split(" ", 3);
      body = new ArrayList<>();
    }
    String name = profile.orElse("");
    return new SysctlBootFiles(sysctl, tuned.map(f -> new TunedProfile(name, f)), tunedMain);
  }

  public static Fact<SysctlBootFiles> fact() {
    return new ScriptFact<>("linux_sysctl_boot_files", script(), r -> parse(r.stdout()));
  }
}
