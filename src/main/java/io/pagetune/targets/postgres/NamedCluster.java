package io.pagetune.targets.postgres;

import io.pagetune.modules.Args;
import io.pagetune.modules.HostState;
import java.util.Optional;

/**
 * The cluster a {@code postgres_hugepages} task names: its data directory, the name reports use,
 * the unit systemd runs it with (if any), its binaries and its state on the host.
 *
 * @param unitRun the cluster as a systemd unit runs it (RHEL, PGDG), when one does
 */
record NamedCluster(
    String dataDir, String cluster, Optional<PgCluster> unitRun, String bindir, PgClusterState pg) {

  static NamedCluster of(Args args, HostState host) {
    String dataDir = stripSlash(args.string("data_dir"));
    String cluster = args.optString("cluster").orElse(dataDir);
    // a cluster systemd runs (RHEL, PGDG) restarts through its unit, with the unit's binaries
    Optional<PgCluster> unitRun =
        host.fact(PostgresFacts.CLUSTERS).stream()
            .filter(c -> !c.unit().isEmpty() && c.dataDirectory().equals(dataDir))
            .findFirst();
    String bindir =
        args.string("bindir").isEmpty()
            ? unitRun.map(PgCluster::bindir).orElse("")
            : args.string("bindir");
    return new NamedCluster(
        dataDir, cluster, unitRun, bindir, host.fact(PgClusterState.fact(dataDir, bindir)));
  }

  /**
   * Debian clusters restart by {@code version/name}, ones systemd runs by their unit, declared ones
   * by their data directory.
   */
  String restartId(Args args) {
    if (args.optString("cluster")
        .filter(c -> c.matches("\\d+(\\.\\d+)?/[A-Za-z0-9_.-]+"))
        .isPresent()) {
      return cluster;
    }
    return unitRun.map(c -> PostgresClusterDriver.systemdId(c.unit(), dataDir)).orElse(dataDir);
  }

  /**
   * Where postgresql.conf is: the data directory (RHEL, PGDG, initdb's default), else Debian's
   * {@code /etc/postgresql/<version>/<name>}.
   */
  String configDir(HostState host) {
    if (host.stat(dataDir + "/postgresql.conf").isPresent()) {
      return dataDir;
    }
    return "/etc/postgresql/"
        + pg.version()
        + "/"
        + dataDir.substring(dataDir.lastIndexOf('/') + 1);
  }

  /** The files and command line the cluster's next start reads its settings from. */
  PgStartFiles startFiles(HostState host) {
    return PgStartFiles.of(host, configDir(host), dataDir, unitRun);
  }

  /** The port the cluster listens on, or will at its next start, and where that comes from. */
  PgClusterPort port(HostState host, PgSettings next) {
    int known =
        host.fact(PostgresFacts.CLUSTERS).stream()
            .filter(c -> c.dataDirectory().equals(dataDir))
            .map(PgCluster::port)
            .findFirst()
            .orElse(5432);
    return PgClusterPort.of(host, dataDir, pg.running(), next, known);
  }

  private static String stripSlash(String p) {
    return p.length() > 1 && p.endsWith("/") ? p.substring(0, p.length() - 1) : p;
  }
}
