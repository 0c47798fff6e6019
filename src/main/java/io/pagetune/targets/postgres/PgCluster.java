package io.pagetune.targets.postgres;

import java.util.List;
import java.util.Objects;

/**
 * One PostgreSQL cluster as {@code pg_lsclusters} lists it (Debian/Ubuntu), as a systemd unit runs
 * it (RHEL, PGDG: {@code postgresql-15.service}), or as declared by its data directory.
 *
 * @param version the major version, e.g. {@code 15}
 * @param name the cluster name ({@code main}); for a declared data directory, the directory
 * @param status {@code online}, {@code down}, {@code online,recovery}
 * @param unit the systemd unit that runs it ({@code postgresql-15.service}), empty on Debian
 * @param bindir where its binaries are when the unit says ({@code /usr/pgsql-15/bin}), else empty
 * @param startArgv the argv of the unit's {@code ExecStart}, its variables expanded (its server
 *     options win over the configuration files), empty on Debian
 */
record PgCluster(
    String version,
    String name,
    int port,
    String status,
    String owner,
    String dataDirectory,
    String logFile,
    String unit,
    String bindir,
    List<String> startArgv) {
  public PgCluster {
    Objects.requireNonNull(version, "version");
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(status, "status");
    Objects.requireNonNull(owner, "owner");
    Objects.requireNonNull(dataDirectory, "dataDirectory");
    Objects.requireNonNull(logFile, "logFile");
    Objects.requireNonNull(unit, "unit");
    Objects.requireNonNull(bindir, "bindir");
    startArgv = List.copyOf(startArgv);
  }

  /** A cluster a unit runs, its start command not known. */
  public PgCluster(
      String version,
      String name,
      int port,
      String status,
      String owner,
      String dataDirectory,
      String logFile,
      String unit,
      String bindir) {
    this(version, name, port, status, owner, dataDirectory, logFile, unit, bindir, List.of());
  }

  /** A cluster {@code pg_lsclusters} lists: no unit of its own, binaries in Debian's layout. */
  public PgCluster(
      String version,
      String name,
      int port,
      String status,
      String owner,
      String dataDirectory,
      String logFile) {
    this(version, name, port, status, owner, dataDirectory, logFile, "", "");
  }

  /**
   * {@code 15/main}: how pg_ctlcluster and reports name it; a unit-run cluster goes by its unit
   * ({@code postgresql-15.service}).
   */
  public String id() {
    return unit.isEmpty() ? version + "/" + name : unit;
  }

  public boolean online() {
    return status.startsWith("online");
  }
}
