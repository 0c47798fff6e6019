package io.pagetune.linux;

import io.pagetune.linux.sysctl.ConfFile;
import io.pagetune.pages.PageSize;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The kernel command line of the next boot, from the boot loader's configuration: BLS entries'
 * {@code options} lines where they exist (what grubby edits), else {@code GRUB_CMDLINE_LINUX} and
 * {@code GRUB_CMDLINE_LINUX_DEFAULT} of {@code /etc/default/grub}. Also the huge-page reservations
 * a command line makes ({@code hugepagesz=1G hugepages=4 hugepages=512}).
 */
public final class BootCmdline {
  private static final Pattern GRUB_VAR =
      Pattern.compile(
          "^\\s*(GRUB_CMDLINE_LINUX(?:_DEFAULT)?)=(\"([^\"]*)\"|'([^']*)'|(\\S*))\\s*$");
  private static final String COUNT = "hugepages=";
  private static final Pattern BLS_OPTIONS = Pattern.compile("^\\s*options\\s+(.*)$");

  private BootCmdline() {}

  /** The grub default command line (LINUX, then LINUX_DEFAULT); empty when neither is set. */
  public static Optional<KernelCmdline> fromGrubDefaults(String text) {
    Map<String, String> vars = new LinkedHashMap<>();
    for (String line : text.split("\n")) {
      Matcher m = GRUB_VAR.matcher(line);
      if (m.matches()) {
        String v = m.group(3) != null ? m.group(3) : m.group(4) != null ? m.group(4) : m.group(5);
        vars.put(m.group(1), v);
      }
    }
    if (vars.isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(
        KernelCmdline.parse(
            vars.getOrDefault("GRUB_CMDLINE_LINUX", "")
                + " "
                + vars.getOrDefault("GRUB_CMDLINE_LINUX_DEFAULT", "")));
  }

  /** A BLS entry's {@code options}; empty when it has none or defers to grubenv's $kernelopts. */
  public static Optional<KernelCmdline> fromBlsEntry(String text) {
    return fromBlsEntry(text, Map.of());
  }

  /**
   * A BLS entry's {@code options} with grub's variables ({@code $kernelopts}, {@code
   * $tuned_params}) replaced from {@code vars}; empty when it has no options or names a variable
   * not in {@code vars}.
   */
  public static Optional<KernelCmdline> fromBlsEntry(String text, Map<String, String> vars) {
    for (String line : text.split("\n")) {
      Matcher m = BLS_OPTIONS.matcher(line);
      if (!m.matches()) {
        continue;
      }
      List<String> words = new ArrayList<>();
      for (String w : m.group(1).strip().split("\\s+")) {
        if (!w.startsWith("$")) {
          words.add(w);
        } else if (vars.containsKey(w.substring(1))) {
          words.add(vars.get(w.substring(1)));
        } else if (w.equals("$kernelopts")) {
          return Optional.empty();
        }
      }
      return Optional.of(KernelCmdline.parse(String.join(" ", words)));
    }
    return Optional.empty();
  }

  /**
   * grub's variables a BLS entry may name: grubenv's, with {@code tuned_params} taken from the
   * active tuned profile's {@code [bootloader] cmdline=} when a profile is active (tuned writes it
   * there whenever it applies the profile).
   */
  public static Map<String, String> grubVariables(LinuxBootConfig boot) {
    Map<String, String> vars = new LinkedHashMap<>();
    boot.grubenv()
        .ifPresent(
            g -> {
              for (String line : g.text().split("\n")) {
                int eq = line.indexOf('=');
                if (!line.startsWith("#") && eq > 0) {
                  vars.put(line.substring(0, eq), line.substring(eq + 1));
                }
              }
            });
    boot.tunedProfile()
        .ifPresent(
            t -> vars.put("tuned_params", t.bootloaderCmdline().map(a -> a.value()).orElse("")));
    return vars;
  }

  /**
   * The command lines the next boot may use: one per BLS entry with options (any of them may be
   * chosen), else the grub defaults; empty when the boot loader's config was not found.
   */
  public static List<KernelCmdline> nextBoot(LinuxBootConfig boot) {
    Map<String, String> vars = grubVariables(boot);
    List<KernelCmdline> out = new ArrayList<>();
    for (ConfFile e : boot.blsEntries()) {
      fromBlsEntry(e.text(), vars).ifPresent(out::add);
    }
    if (out.isEmpty()) {
      boot.defaultGrub().flatMap(g -> fromGrubDefaults(g.text())).ifPresent(out::add);
    }
    return out;
  }

  /**
   * The default huge page size of the next boot: the first {@code default_hugepagesz=} of its
   * command lines (the kernel ignores a later one; hugetlbpage.rst), else {@code runningDefault} (a
   * command line without it keeps the architecture's default, which the running kernel shows unless
   * its own command line changed it); empty when the boot entries disagree, as any of them may
   * boot.
   */
  public static Optional<Long> nextBootDefault(LinuxBootConfig boot, long runningDefault) {
    Set<Long> sizes = new HashSet<>();
    for (KernelCmdline line : nextBoot(boot)) {
      sizes.add(
          line.values("default_hugepagesz").stream()
              .findFirst()
              .flatMap(PageSize::parse)
              .map(PageSize::bytes)
              .orElse(runningDefault));
    }
    if (sizes.size() > 1) {
      return Optional.empty();
    }
    return Optional.of(sizes.isEmpty() ? runningDefault : sizes.iterator().next());
  }

  /**
   * Pages reserved at boot per page size in bytes, as the kernel parses the command line
   * (mm/hugetlb setup, hugetlbpage.rst): a {@code hugepages=} counts for the size of the {@code
   * hugepagesz=} or {@code default_hugepagesz=} before it, or for the default size ({@code
   * default_hugepagesz=} or {@code defaultPageBytes}) when none came before; a size given a second
   * time is ignored with its count (except {@code hugepagesz=} of the default size after {@code
   * default_hugepagesz=}), and so is a second count for one size.
   */
  public static Map<Long, Long> reservations(KernelCmdline cmdline, long defaultPageBytes) {
    List<String> words = cmdline.words();
    Map<Long, Long> out = new LinkedHashMap<>();
    countWords(words, defaultPageBytes)
        .forEach(
            (size, at) -> out.put(size, Long.parseLong(words.get(at).substring(COUNT.length()))));
    return out;
  }

  /**
   * The index of the {@code hugepages=} word the kernel takes each size's boot count from, by the
   * rules of {@link #reservations}: an edit sets that word, wherever it stands.
   */
  static Map<Long, Integer> countWords(List<String> words, long defaultPageBytes) {
    // the first default_hugepagesz= counts; the kernel ignores a later one
    long dflt =
        words.stream()
            .filter(w -> w.startsWith("default_hugepagesz="))
            .findFirst()
            .flatMap(w -> PageSize.parse(w.substring(w.indexOf('=') + 1)))
            .map(PageSize::bytes)
            .orElse(defaultPageBytes);
    Map<Long, Integer> out = new LinkedHashMap<>();
    Set<Long> sizes = new HashSet<>();
    long size = dflt;
    boolean valid = true;
    boolean defaultNamed = false;
    for (int i = 0; i < words.size(); i++) {
      String w = words.get(i);
      boolean isDefault = w.startsWith("default_hugepagesz=");
      if (w.startsWith("hugepagesz=") || isDefault) {
        long named =
            PageSize.parse(w.substring(w.indexOf('=') + 1)).map(PageSize::bytes).orElse(-1L);
        boolean again = !sizes.add(named);
        // a repeated size is ignored, unless it is the default size named again before its count
        valid =
            named > 0
                && (isDefault
                    ? !defaultNamed
                    : !again || defaultNamed && named == dflt && !out.containsKey(named));
        defaultNamed |= isDefault;
        size = valid ? named : size;
      } else if (w.startsWith(COUNT)) {
        // a malformed count reserves nothing; the kernel ignores it too
        if (valid && w.substring(COUNT.length()).matches("\\d{1,18}")) {
          out.putIfAbsent(size, i);
        }
        valid = true;
      }
    }
    return out;
  }

  /**
   * {@code /etc/default/grub} with {@code params} set in {@code GRUB_CMDLINE_LINUX}: a word with
   * the same name is replaced (every one of {@code drop} removed first), a new one appended; the
   * rest of the file is kept. A file without the variable gets one at the end.
   */
  public static String withGrubParams(String text, List<String> params, List<String> drop) {
    return withGrubCmdline(text, CmdlineEdit.params(params, drop));
  }

  /**
   * {@code /etc/default/grub} with {@code GRUB_CMDLINE_LINUX}'s words changed by {@code edit}; the
   * rest of the file is kept. A file without the variable gets one at the end.
   */
  public static String withGrubCmdline(String text, CmdlineEdit edit) {
    String[] lines = text.split("\n", -1);
    int at = -1;
    for (int i = 0; i < lines.length; i++) {
      Matcher m = GRUB_VAR.matcher(lines[i]);
      if (m.matches() && m.group(1).equals("GRUB_CMDLINE_LINUX")) {
        at = i;
      }
    }
    List<String> words = new ArrayList<>();
    if (at >= 0) {
      Matcher m = GRUB_VAR.matcher(lines[at]);
      m.matches();
      String v = m.group(3) != null ? m.group(3) : m.group(4) != null ? m.group(4) : m.group(5);
      words.addAll(KernelCmdline.parse(v).words());
    }
    String line = "GRUB_CMDLINE_LINUX=\"" + String.join(" ", edit.apply(words)) + "\"";
    if (at >= 0) {
      lines[at] = line;
      return String.join("\n", lines);
    }
    String base = text.isEmpty() || text.endsWith("\n") ? text : text + "\n";
    return base + line + "\n";
  }

  /** True when every one of {@code params} ({@code name=value}) is in effect on the line. */
  public static boolean has(KernelCmdline cmdline, List<String> params) {
    for (String p : params) {
      String name = p.substring(0, p.indexOf('='));
      String value = p.substring(p.indexOf('=') + 1);
      if (name.equals("hugepages") || name.equals("hugepagesz")) {
        if (!cmdline.values(name).contains(value)) {
          return false;
        }
      } else if (!cmdline.last(name).filter(value::equals).isPresent()) {
        return false;
      }
    }
    return true;
  }
}
