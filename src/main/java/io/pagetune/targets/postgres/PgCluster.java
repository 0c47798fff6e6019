package io.pagetune.targets.postgres;

import java.util.Objects;

/**
 * One PostgreSQL cluster as {@code pg_lsclusters} lists it (Debian/Ubuntu), or as declared by its
 * data directory.
 *
 * @param version the major version, e.g. {@code 15}
 * @param name the cluster name ({@code main}); for a declared data directory, the directory
 * @param status {@code online}, {@code down}, {@code online,recovery}
 */
public record PgCluster(
    String version,
    String name,
    int port,
    String status,
    String owner,
    String dataDirectory,
    String logFile) {
  public PgCluster {
    Objects.requireNonNull(version, "version");
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(status, "status");
    Objects.requireNonNull(owner, "owner");
    Objects.requireNonNull(dataDirectory, "dataDirectory");
    Objects.requireNonNull(logFile, "logFile");
  }

  /** {@code 15/main}: how pg_ctlcluster and reports name it. */
  public String id() {
    return version + "/" + name;
  }

  public boolean online() {
    return status.startsWith("online");
  }
}
