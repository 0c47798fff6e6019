package io.pagetune.targets.solaris;

import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * One Sun Java System Web Server 7 instance on a Solaris host, as its own configuration and
 * processes describe it.
 *
 * @param instanceDir the instance directory ({@code …/https-<name>})
 * @param installRoot the install root its startserv names ({@code SERVER_INSTALL_ROOT}), which need
 *     not be the instance's parent (package installs keep instances in /var/opt)
 * @param serverBinary the {@code webservd} the instance runs: {@code lib/sparcv9/webservd} (or
 *     {@code amd64}) for a 64-bit instance
 * @param platform {@code <platform>} of {@code config/server.xml}, when set
 * @param wordSize the server's word size: the platform when set, else the binary's ELF class
 * @param mpssBlock its startserv holds the pagetune MPSS block
 * @param processes its running processes (watchdog, primordial, workers); empty when stopped
 * @param pmap {@code pmap -sx} of its worker process; empty when no worker runs
 */
record WebServerFacts(
    String instanceDir,
    String installRoot,
    String serverBinary,
    OptionalInt platform,
    ElfWordSize wordSize,
    boolean mpssBlock,
    List<WebServerProcess> processes,
    Optional<PmapPageSizes> pmap,
    Optional<String> startserv) {

  public WebServerFacts {
    processes = List.copyOf(processes);
    startserv = startserv == null ? Optional.empty() : startserv;
  }

  /** Without the startserv text: what the server will start with is not known from facts. */
  public WebServerFacts(
      String instanceDir,
      String installRoot,
      String serverBinary,
      OptionalInt platform,
      ElfWordSize wordSize,
      boolean mpssBlock,
      List<WebServerProcess> processes,
      Optional<PmapPageSizes> pmap) {
    this(
        instanceDir,
        installRoot,
        serverBinary,
        platform,
        wordSize,
        mpssBlock,
        processes,
        pmap,
        Optional.empty());
  }

  public boolean running() {
    return !processes.isEmpty();
  }

  public Optional<WebServerProcess> worker() {
    return processes.stream().filter(p -> p.role() == WebServerProcess.Role.WORKER).findFirst();
  }

  /** Where the worker's heap stands, in words: the pid and page sizes, or why there is none. */
  public String heapState() {
    if (!running()) {
      return "not running";
    }
    if (worker().isEmpty()) {
      return "no worker webservd (only " + processes.size() + " watchdog/primordial process)";
    }
    return "worker pid "
        + worker().get().pid()
        + ": "
        + pmap.map(WebServersScan::heapSummary).orElse("pmap unreadable");
  }

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
