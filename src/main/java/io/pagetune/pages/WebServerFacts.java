package io.pagetune.pages;

import java.util.Optional;

/**
 * One Sun Java System Web Server 7 instance on a Solaris host: its directory, the word size of the
 * server binary, whether its startserv holds the pagetune MPSS block, and {@code pmap -sx} of the
 * running {@code webservd} (empty when none runs).
 */
public record WebServerFacts(
    String instanceDir,
    String serverBinary,
    ElfWordSize wordSize,
    boolean mpssBlock,
    Optional<PmapPageSizes> pmap) {

  /** {@code <install>/lib/webservd} for {@code <install>/https-<name>}. */
  public static String defaultServerBinary(String instanceDir) {
    String trimmed =
        instanceDir.endsWith("/")
            ? instanceDir.substring(0, instanceDir.length() - 1)
            : instanceDir;
    int slash = trimmed.lastIndexOf('/');
    String install = slash <= 0 ? "" : trimmed.substring(0, slash);
    return install + "/lib/webservd";
  }
}
