package io.pagetune.targets.solaris;

import io.pagetune.connection.ShellQuote;
import io.pagetune.facts.Fact;
import io.pagetune.pages.ScriptFact;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Word size of a binary from {@code file} output ({@code ELF 64-bit MSB executable SPARCV9…}). It
 * decides between {@code LD_PRELOAD_64} and {@code LD_PRELOAD}: the OS word size does not.
 */
enum ElfWordSize {
  BITS_32,
  BITS_64,
  UNKNOWN;

  private static final Pattern ELF = Pattern.compile("\\bELF[ -](32|64)-bit\\b");

  public static ElfWordSize fromFileOutput(String output) {
    Matcher m = ELF.matcher(output);
    if (!m.find()) {
      return UNKNOWN;
    }
    return m.group(1).equals("64") ? BITS_64 : BITS_32;
  }

  /** {@code file <binary>}, the binary given as a path on the host. */
  public static Fact<ElfWordSize> fact(String binaryPath) {
    return new ScriptFact<>(
        "elf_word_size_" + binaryPath,
        "file " + ShellQuote.quote(binaryPath),
        r -> fromFileOutput(r.stdout()));
  }
}
