package io.pagetune.modules.pages;

/** Load-time validation sees arguments before interpolation: those are checked at run time. */
public final class Templated {
  private Templated() {}

  public static boolean is(String value) {
    return value.contains("${") || value.contains("<#");
  }
}
