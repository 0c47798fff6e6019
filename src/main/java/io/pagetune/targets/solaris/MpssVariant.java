package io.pagetune.targets.solaris;

import io.pagetune.pages.PageSize;
import io.pagetune.pages.PagesizeA;
import java.util.Optional;

/**
 * Which preload variable, {@code mpss.so.1} path and heap page size to use (Web Server 7 tuning
 * guide, domain.md §2): 256M where the hardware offers it, else 4M with the 4M-era library path.
 * The variable is the one ld.so.1 reads for the server's word size ({@code LD_PRELOAD_64} or {@code
 * LD_PRELOAD_32}, domain.md §5a): a generic {@code LD_PRELOAD} is ignored as soon as the script
 * sets the word-size one, as the stock Web Server 7 startserv does for libumem.
 */
record MpssVariant(String preloadVariable, String library, PageSize heap) {

  /** Empty when the word size is unknown or neither 256M nor 4M is supported. */
  public static Optional<MpssVariant> choose(ElfWordSize wordSize, PagesizeA supported) {
    if (wordSize == ElfWordSize.UNKNOWN) {
      return Optional.empty();
    }
    boolean is64 = wordSize == ElfWordSize.BITS_64;
    String variable = StartservPreload.variableFor(wordSize);
    if (supported.supports(PageSize.SIZE_256M)) {
      return Optional.of(
          new MpssVariant(
              variable,
              is64 ? "/usr/lib/sparcv9/mpss.so.1" : "/usr/lib/mpss.so.1",
              PageSize.SIZE_256M));
    }
    if (supported.supports(PageSize.SIZE_4M)) {
      return Optional.of(
          new MpssVariant(
              variable, is64 ? "/usr/lib/64/mpss.so.1" : "/usr/lib/mpss.so.1", PageSize.SIZE_4M));
    }
    return Optional.empty();
  }

  /** {@code LD_PRELOAD_64 += /usr/lib/sparcv9/mpss.so.1, MPSSHEAP=256M}. */
  public String describe() {
    return preloadVariable + " += " + library + ", MPSSHEAP=" + heap;
  }
}
