package io.pagetune.connection;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The {@code become_flags} pagetune passes to sudo or su: only flags it knows to keep the password
 * on stdin and the command's output intact. A word that is not a flag or a flag's value (a password
 * or a command typed into the flags would end up in argv) and the flags that would change how
 * pagetune talks to the program are refused, each with why.
 */
final class BecomeFlags {
  private static final Set<String> SUDO_OK =
      Set.of(
          "-H",
          "--set-home",
          "-S",
          "--stdin",
          "-n",
          "--non-interactive",
          "-E",
          "--preserve-env",
          "-k",
          "--reset-timestamp",
          "-P",
          "--preserve-groups");
  private static final Set<String> SUDO_STDIN = Set.of("-S", "--stdin", "-n", "--non-interactive");
  private static final Map<String, String> SUDO_REFUSED =
      Map.ofEntries(
          Map.entry("-p", "pagetune sets sudo's prompt itself"),
          Map.entry("--prompt", "pagetune sets sudo's prompt itself"),
          Map.entry("-u", "the user comes from become_user"),
          Map.entry("--user", "the user comes from become_user"),
          Map.entry("-A", "an askpass program would be asked instead of the password on stdin"),
          Map.entry("--askpass", "an askpass program would be asked instead of the password"),
          Map.entry("-b", "the command would run in the background, its result lost"),
          Map.entry("--background", "the command would run in the background, its result lost"),
          Map.entry("-i", "the command would run through the user's login shell"),
          Map.entry("--login", "the command would run through the user's login shell"),
          Map.entry("-s", "the command would run through the user's shell"),
          Map.entry("--shell", "the command would run through the user's shell"));
  private static final Set<String> SU_OK =
      Set.of("-", "-l", "--login", "-m", "-p", "--preserve-environment", "-f", "--fast");
  private static final Set<String> SU_WITH_VALUE =
      Set.of(
          "-s", "--shell", "-g", "--group", "-G", "--supp-group", "-w", "--whitelist-environment");
  private static final Map<String, String> SU_REFUSED =
      Map.of(
          "-c", "pagetune passes the command itself",
          "--command", "pagetune passes the command itself",
          "--session-command", "pagetune passes the command itself",
          "-P", "a pseudo-terminal would mix the command's output streams",
          "--pty", "a pseudo-terminal would mix the command's output streams");

  private BecomeFlags() {}

  /** The flags as words; a cluster of short flags ({@code -HSn}) as one word each. */
  static List<String> split(String flags) {
    List<String> words = new ArrayList<>();
    for (String w : flags.strip().split("\\s+")) {
      if (w.isEmpty()) {
        continue;
      }
      if (w.length() > 2 && w.charAt(0) == '-' && w.charAt(1) != '-' && w.indexOf('=') < 0) {
        w.substring(1).chars().forEach(c -> words.add("-" + (char) c));
      } else {
        words.add(w);
      }
    }
    return words;
  }

  /** Why {@code flags} cannot be given to {@code method}, or empty. */
  static Optional<String> problem(String method, String flags) {
    boolean su = BecomeMethod.SU_NAME.equals(method);
    List<String> words = split(flags);
    for (int i = 0; i < words.size(); i++) {
      String w = words.get(i);
      String flag = w.contains("=") ? w.substring(0, w.indexOf('=')) : w;
      String why = (su ? SU_REFUSED : SUDO_REFUSED).get(flag);
      if (why == null && su && SU_WITH_VALUE.contains(flag)) {
        if (!w.contains("=")) {
          i++; // the flag's value
        }
        continue;
      }
      if (why == null && (su ? SU_OK : SUDO_OK).contains(flag)) {
        continue;
      }
      if (why == null) {
        why =
            w.startsWith("-")
                ? "not a flag pagetune passes to " + method
                : "not a flag (a password or a command in become_flags would end up in argv)";
      }
      return Optional.of(
          "become_flags for " + method + ": '" + (w.startsWith("-") ? flag : "…") + "' " + why);
    }
    return Optional.empty();
  }

  /** sudo's flags less those that say how it reads the password, which pagetune sets itself. */
  static List<String> withoutStdinFlags(List<String> flags) {
    return flags.stream().filter(f -> !SUDO_STDIN.contains(f)).toList();
  }
}
