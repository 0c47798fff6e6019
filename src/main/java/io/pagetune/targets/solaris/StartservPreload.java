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
 *     word-size variable must start from when the script does not set it)
 */
public record StartservPreload(
    String variable, boolean variableSet, List<String> entries, List<String> genericValid) {
  public static final String GENERIC = "LD_PRELOAD";
  private static final Pattern SEPARATORS = Pattern.compile("[\\s:]+");
  private static final Pattern DIR_64 = Pattern.compile("/(?:64|sparcv9|amd64)(?:/|$)");

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
    List<String> generic =
        split(script.environment(GENERIC).orElse("")).stream()
            .filter(e -> validFor(e, word))
            .toList();
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
   * Whether the entry can load into a process of this word size: a bare name is looked up in the
   * default directories of the process's class; a path in a {@code 64}/{@code sparcv9}/{@code
   * amd64} directory is 64-bit, any other path 32-bit.
   */
  public static boolean validFor(String entry, ElfWordSize word) {
    if (!entry.contains("/")) {
      return true;
    }
    boolean is64 = DIR_64.matcher(entry).find();
    return word == ElfWordSize.BITS_64 ? is64 : !is64;
  }

  /** Some entry is an {@code mpss.so.1} of this word size. */
  public boolean preloadsMpss(ElfWordSize word) {
    return entries.stream().anyMatch(e -> isMpss(e) && validFor(e, word));
  }

  static boolean isMpss(String entry) {
    return entry.equals("mpss.so.1") || entry.endsWith("/mpss.so.1");
  }

  /** {@code LD_PRELOAD_64=a b} in the platform's words. */
  public String describe() {
    return variable + "=" + String.join(" ", entries);
  }
}
