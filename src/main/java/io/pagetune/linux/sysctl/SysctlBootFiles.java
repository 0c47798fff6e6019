package io.pagetune.linux.sysctl;

import io.pagetune.facts.Fact;
import io.pagetune.pages.ScriptFact;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What decides a sysctl value at boot on a Linux host (domain.md §5a): every sysctl configuration
 * file (names, link targets and contents), the active tuned profiles (with what they include,
 * merged by {@link TunedProfiles}) and tuned-main.conf. Any module that persists a sysctl value
 * plans it against these with {@link SysctlPersistence}.
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
    lines.addAll(tunedScript());
    lines.add("printf '\\n%s end - -\\n' \"$M\"");
    return String.join("\n", lines);
  }

  /**
   * tuned-main.conf, the active profile names and every tuned.conf they load: each name looked up
   * in {@link TunedProfiles#DIRECTORIES} order, skipping a file already read, and its {@code [main]
   * include=} followed (the Java side merges them as tuned does).
   */
  private static List<String> tunedScript() {
    return List.of(
        "pt_file tuned-main " + TunedProfiles.TUNED_MAIN,
        "pt_file tuned-active " + TunedProfiles.ACTIVE_PROFILE,
        "pt_seen=''",
        "pt_tuned() { for n in $(printf '%s\\n' \"$1\" | tr ',;' '  '); do",
        "  case \"$n\" in *[!A-Za-z0-9_.-]*|'') continue ;; esac",
        "  for d in " + String.join(" ", TunedProfiles.DIRECTORIES) + "; do",
        "    f=\"$d/$n/tuned.conf\"; [ -f \"$f\" ] || continue",
        "    case \" $pt_seen \" in *\" $f \"*) continue ;; esac",
        "    pt_seen=\"$pt_seen $f\"; pt_file tuned \"$f\"",
        "    i=$(sed -n '/^[[:space:]]*\\[main\\]/,/^[[:space:]]*\\[/s/^[[:space:]]*include[[:space:]]*=//p'"
            + " \"$f\" | tail -n 1)",
        "    [ -z \"$i\" ] || pt_tuned \"$i\"",
        "    break",
        "  done",
        "done; }",
        "[ ! -f "
            + TunedProfiles.ACTIVE_PROFILE
            + " ] || pt_tuned \"$(cat "
            + TunedProfiles.ACTIVE_PROFILE
            + ")\"");
  }

  /** Reads the snippet's output; anything but a marked output is a host with no files. */
  public static SysctlBootFiles parse(String output) {
    return of(MarkedFiles.parse(output));
  }

  /** The sysctl and tuned part of a snippet's sections. */
  public static SysctlBootFiles of(List<MarkedFiles.Section> sections) {
    List<ConfFile> sysctl = new ArrayList<>();
    List<ConfFile> tuned = new ArrayList<>();
    String active = "";
    Optional<ConfFile> tunedMain = Optional.empty();
    for (MarkedFiles.Section s : sections) {
      switch (s.kind()) {
        case "sysctl" -> sysctl.add(s.file());
        case "tuned" -> tuned.add(s.file());
        case "tuned-active" -> active = s.file().text();
        case "tuned-main" -> tunedMain = Optional.of(s.file());
        default -> {}
      }
    }
    return new SysctlBootFiles(sysctl, TunedProfiles.load(tuned, active), tunedMain);
  }

  public static Fact<SysctlBootFiles> fact() {
    return new ScriptFact<>("linux_sysctl_boot_files", script(), r -> parse(r.stdout()));
  }
}
