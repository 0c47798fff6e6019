package io.pagetune.targets.solaris;

/**
 * One process of a Web Server 7 instance: the watchdog ({@code webservd-wdog}), the primordial
 * {@code webservd} it starts, or a worker {@code webservd} forked by the primordial (the process
 * that serves requests and owns the heap MPSS is for).
 *
 * @param instanceDir the instance the process runs, from its {@code -d <instance>/config} argument
 */
record WebServerProcess(String pid, String ppid, Role role, String instanceDir) {
  enum Role {
    WATCHDOG,
    PRIMORDIAL,
    WORKER
  }
}
