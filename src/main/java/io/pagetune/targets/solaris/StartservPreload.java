package io.pagetune.targets.solaris;

import java.util.Arrays;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The preload list the Solaris runtime linker (ld.so.1) uses for a server of one word size,
 * computed from what startserv exports (domain.md §5a): {@code LD_PRELOAD_32} / {@code
 * LD_PRELOAD_64} replace {@code LD_PRELOAD} for objects of that word size; the generic list applies
 * only when the word-size variable is not set, and then only its entries of the right ELF class
 * load.
 *
 * @param variable the variable the server's word size reads ({@code LD_PRELOAD_64} or {@code _32})
 * @param variableSet startserv exports that variable, so the generic one is ignored
 * @param entries the libraries preloaded into the server, in order
 * @param genericValid the generic {@code LD_PRELOAD} entries valid for this word size (what the
 *     word-size variable must start from when the script does not set it; an entry of unknown class
 *     is carried, never dropped)
 */
record StartservPreload(
    String variable, boolean variableSet, List<String> entries, List<String> genericValid) {
  public static final String GENERIC = "LD_PRELOAD";
  private static final Pattern SEPARATORS = Pattern.compile("[\\s:]+");
  private static final Pattern DIR_64 = Pattern.compile("/(?:64|sparcv9|amd64)(?:/|$)");

  /** Solaris's 32-bit library directories (their 64-bit twins are the 64/ subdirectories). */
  private static final java.util.Set<String> DIRS_32 =
      java.util.Set.of("/lib", "/usr/lib", "/usr/lib/secure", "/usr/sfw/lib", "/usr/ccs/lib");

  public StartservPreload {
    entries = List.copyOf(entries);
    genericValid = List.copyOf(genericValid);
  }

  /** The variable that ld.so.1 reads for objects of this word size. */
  public static String variableFor(ElfWordSize word) {
    return word == ElfWordSize.BITS_64 ? "LD_PRELOAD_64" : "LD_PRELOAD_32";
  }

  public static StartservPreload of(StartservScript script, ElfWordSize word) {
    String variable = variableFor(word);
    List<String> all = split(script.environment(GENERIC).orElse(""));
    List<String> generic = all.stream().filter(e -> validFor(e, word, all)).toList();
    var own = script.environment(variable).filter(v -> !v.isBlank());
    return own.isPresent()
        ? new StartservPreload(variable, true, split(own.get()), generic)
        : new StartservPreload(variable, false, generic, generic);
  }

  /** ld.so.1 separates list entries by spaces or colons. */
  public static List<String> split(String value) {
    return Arrays.stream(SEPARATORS.split(value.strip())).filter(s -> !s.isEmpty()).toList();
  }

  /**
   * Whether the entry may load into a process of this word size: a bare name is looked up in the
   * default directories of the process's class, an entry of the other class is skipped by ld.so.1,
   * and an entry whose class cannot be told is kept: dropping it could lose a library the server
   * loads today, while carrying one of the wrong class costs nothing ({@link #classOf}).
   */
  public static boolean validFor(String entry, ElfWordSize word, List<String> list) {
    ElfWordSize c = classOf(entry, list);
    return c == ElfWordSize.UNKNOWN || c == word;
  }

  /** {@link #validFor(String, ElfWordSize, List)} for an entry judged on its own. */
  public static boolean validFor(String entry, ElfWordSize word) {
    return validFor(entry, word, List.of(entry));
  }

  /**
   * The ELF class an entry's path tells: a {@code 64}/{@code sparcv9}/{@code amd64} directory is
   * 64-bit; the system's 32-bit library directories, and a directory whose 64-bit subdirectory
   * holds the same name in the same list (the platform's pair convention), are 32-bit; a bare name
   * and any other path are unknown.
   */
  static ElfWordSize classOf(String entry, List<String> list) {
    int slash = entry.lastIndexOf('/');
    if (slash < 0) {
      return ElfWordSize.UNKNOWN;
    }
    if (DIR_64.matcher(entry).find()) {
      return ElfWordSize.BITS_64;
    }
    String dir = entry.substring(0, slash);
    String name = entry.substring(slash + 1);
    if (DIRS_32.contains(dir)) {
      return ElfWordSize.BITS_32;
    }
    for (String sub : List.of("64", "sparcv9", "amd64")) {
      if (list.contains(dir + "/" + sub + "/" + name)) {
        return ElfWordSize.BITS_32;
      }
    }
    return ElfWordSize.UNKNOWN;
  }

  /** Some entry is an {@code mpss.so.1} of this word size. */
  public boolean preloadsMpss(ElfWordSize word) {
    // an mpss.so.1 of unknown class proves nothing: it may be skipped for the wrong class
    return entries.stream()
        .anyMatch(e -> isMpss(e) && (!e.contains("/") || classOf(e, entries) == word));
  }

  static boolean isMpss(String entry) {
    return entry.equals("mpss.so.1") || entry.endsWith("/mpss.so.1");
  }

  /** {@code LD_PRELOAD_64=a b} in the platform's words. */
  public String describe() {
    return variable + "=" + String.join(" ", entries);
  }
}
