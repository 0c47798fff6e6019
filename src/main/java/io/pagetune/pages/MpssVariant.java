package io.pagetune.pages;

import java.util.Optional;

/**
 * Which preload variable, {@code mpss.so.1} path and heap page size to use (Web Server 7 tuning
 * guide, domain.md §2): 256M where the hardware offers it, else 4M with the 4M-era library path.
 */
public record MpssVariant(String preloadVariable, String library, PageSize heap) {

  /** Empty when the word size is unknown or neither 256M nor 4M is supported. */
  public static Optional<MpssVariant> choose(ElfWordSize wordSize, PagesizeA supported) {
    if (wordSize == ElfWordSize.UNKNOWN) {
      return Optional.empty();
    }
    boolean is64 = wordSize == ElfWordSize.BITS_64;
    if (supported.supports(PageSize.SIZE_256M)) {
      return Optional.of(
          is64
              ? new MpssVariant("LD_PRELOAD_64", "/usr/lib/sparcv9/mpss.so.1", PageSize.SIZE_256M)
              : new MpssVariant("LD_PRELOAD", "/usr/lib/mpss.so.1", PageSize.SIZE_256M));
    }
    if (supported.supports(PageSize.SIZE_4M)) {
      return Optional.of(
          is64
              ? new MpssVariant("LD_PRELOAD_64", "/usr/lib/64/mpss.so.1", PageSize.SIZE_4M)
              : new MpssVariant("LD_PRELOAD_32", "/usr/lib/mpss.so.1", PageSize.SIZE_4M));
    }
    return Optional.empty();
  }
}
