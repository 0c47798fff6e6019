package io.pagetune.pages;

import io.pagetune.facts.Fact;

/**
 * The operating system from {@code uname -s}, {@code -r}, {@code -v}. AIX and IBM i PASE put the
 * minor version in {@code -r} and the major in {@code -v} ({@code 2}/{@code 7} is 7.2).
 */
public record Platform(Os os, String sysname, String release, String version) {
  public enum Os {
    LINUX,
    AIX,
    IBM_I_PASE,
    SOLARIS,
    OTHER
  }

  public static Platform parse(String output) {
    String[] lines = output.strip().split("\\R");
    String sysname = lines.length > 0 ? lines[0].strip() : "";
    String release = lines.length > 1 ? lines[1].strip() : "";
    String version = lines.length > 2 ? lines[2].strip() : "";
    return new Platform(os(sysname), sysname, release, version);
  }

  private static Os os(String sysname) {
    if (sysname.equals("Linux")) {
      return Os.LINUX;
    }
    if (sysname.equals("AIX")) {
      return Os.AIX;
    }
    if (sysname.equals("OS400")) {
      return Os.IBM_I_PASE;
    }
    if (sysname.equals("SunOS")) {
      return Os.SOLARIS;
    }
    return Os.OTHER;
  }

  /**
   * The release as people say it: the kernel release on Linux and Solaris ({@code 5.11}), {@code
   * version.release} on AIX and IBM i ({@code 7.2}, {@code 7.4}).
   */
  public String displayRelease() {
    if ((os == Os.AIX || os == Os.IBM_I_PASE) && !version.isEmpty() && !release.isEmpty()) {
      return version + "." + release;
    }
    return release;
  }

  public static Fact<Platform> fact() {
    return new ScriptFact<>("platform", "uname -s; uname -r; uname -v", r -> parse(r.stdout()));
  }
}
