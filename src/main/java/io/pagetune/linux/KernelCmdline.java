package io.pagetune.linux;

import io.pagetune.facts.Fact;
import io.pagetune.pages.ScriptFact;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * {@code /proc/cmdline} split into words (double quotes group, as the kernel does). Huge-page
 * parameters may repeat ({@code hugepagesz=1G hugepages=4 hugepagesz=2M hugepages=512}), so the
 * accessors return every value in order; the last one wins where the kernel keeps one.
 */
public record KernelCmdline(List<String> words) {
  public KernelCmdline {
    words = List.copyOf(words);
  }

  public static KernelCmdline parse(String text) {
    List<String> out = new ArrayList<>();
    StringBuilder word = new StringBuilder();
    boolean quoted = false;
    for (char c : text.strip().toCharArray()) {
      if (c == '"') {
        quoted = !quoted;
      } else if (Character.isWhitespace(c) && !quoted) {
        if (word.length() > 0) {
          out.add(word.toString());
          word.setLength(0);
        }
      } else {
        word.append(c);
      }
    }
    if (word.length() > 0) {
      out.add(word.toString());
    }
    return new KernelCmdline(out);
  }

  /** Every value of {@code name=} in order. */
  public List<String> values(String name) {
    String prefix = name + "=";
    return words.stream()
        .filter(w -> w.startsWith(prefix))
        .map(w -> w.substring(prefix.length()))
        .toList();
  }

  public Optional<String> last(String name) {
    List<String> v = values(name);
    return v.isEmpty() ? Optional.empty() : Optional.of(v.get(v.size() - 1));
  }

  public Optional<String> transparentHugepage() {
    return last("transparent_hugepage");
  }

  public List<String> hugepages() {
    return values("hugepages");
  }

  public List<String> hugepagesz() {
    return values("hugepagesz");
  }

  public Optional<String> defaultHugepagesz() {
    return last("default_hugepagesz");
  }

  /**
   * The plural {@code transparent_hugepages=} is silently ignored by the kernel: worth a warning.
   */
  public boolean hasPluralThpTypo() {
    return !values("transparent_hugepages").isEmpty();
  }

  public static Fact<KernelCmdline> fact() {
    return new ScriptFact<>("kernel_cmdline", "cat /proc/cmdline", r -> parse(r.stdout()));
  }
}
