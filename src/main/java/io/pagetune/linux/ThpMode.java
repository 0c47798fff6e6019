package io.pagetune.linux;

import io.pagetune.facts.Fact;
import io.pagetune.pages.ScriptFact;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Transparent HugePages setting from sysfs: the {@code [bracketed]} word of {@code enabled} (the
 * RHEL 6 {@code redhat_transparent_hugepage} path too). No file at all means THP is compiled out,
 * which is a state, not an error.
 */
public record ThpMode(State state, Optional<String> active, List<String> choices, String path) {
  public static final String PATH = "/sys/kernel/mm/transparent_hugepage/enabled";
  public static final String RHEL6_PATH = "/sys/kernel/mm/redhat_transparent_hugepage/enabled";

  /** Active: a mode was read. Compiled out: neither file exists. Unreadable: odd content. */
  public enum State {
    ACTIVE,
    COMPILED_OUT,
    UNREADABLE
  }

  private static final String ABSENT_MARK = "pagetune:thp-absent";

  public ThpMode {
    choices = List.copyOf(choices);
  }

  /** Parses the content of an {@code enabled} file such as {@code always madvise [never]}. */
  public static ThpMode parseEnabled(String content, String path) {
    List<String> choices = new ArrayList<>();
    String active = null;
    for (String word : content.strip().split("\\s+")) {
      if (word.isEmpty()) {
        continue;
      }
      if (word.length() > 2 && word.startsWith("[") && word.endsWith("]")) {
        word = word.substring(1, word.length() - 1);
        active = active == null ? word : active;
      }
      choices.add(word);
    }
    return active == null
        ? new ThpMode(State.UNREADABLE, Optional.empty(), choices, path)
        : new ThpMode(State.ACTIVE, Optional.of(active), choices, path);
  }

  /** Parses the fact script's output: first line the path read, then the file content. */
  public static ThpMode parse(String output) {
    String text = output.strip();
    if (text.isEmpty() || text.equals(ABSENT_MARK)) {
      return new ThpMode(
          text.isEmpty() ? State.UNREADABLE : State.COMPILED_OUT, Optional.empty(), List.of(), "");
    }
    int nl = text.indexOf('\n');
    String first = nl < 0 ? text : text.substring(0, nl).strip();
    if (first.startsWith("/")) {
      return parseEnabled(nl < 0 ? "" : text.substring(nl + 1), first);
    }
    return parseEnabled(text, PATH);
  }

  public boolean is(String mode) {
    return active.filter(mode::equals).isPresent();
  }

  /** The host's own files (a lab connection maps them to the lab host's, never this machine's). */
  public static Fact<ThpMode> fact() {
    String script =
        "for f in "
            + PATH
            + " "
            + RHEL6_PATH
            + "; do if [ -e \"$f\" ]; then echo \"$f\"; cat \"$f\"; exit 0; fi; done; echo "
            + ABSENT_MARK;
    return new ScriptFact<>("thp_mode", script, r -> parse(r.stdout()));
  }
}
