package io.pagetune.targets.postgres;

import io.pagetune.modules.HostState;
import io.pagetune.modules.pages.HostFiles;
import java.util.Optional;

/**
 * The port a cluster listens on, from the cluster itself rather than from whatever starts it: a
 * running postmaster's {@code postmaster.pid} (line 4, PostgreSQL docs §19.3 and the storage
 * layout's postmaster.pid), else the {@code port} its next start reads ({@link PgSettings}: files,
 * auto.conf, command line), else {@code fallback} (the unit's {@code PGPORT} or PostgreSQL's 5432).
 *
 * @param port the port
 * @param source where it was read, in words
 */
record PgClusterPort(int port, String source) {

  static PgClusterPort of(
      HostState host, String dataDir, boolean running, PgSettings next, int fallback) {
    String pidFile = dataDir + "/postmaster.pid";
    if (running) {
      Optional<String> line4 =
          HostFiles.readOrEmpty(host, pidFile).text().flatMap(t -> t.lines().skip(3).findFirst());
      Optional<Integer> p = line4.flatMap(PgClusterPort::number);
      if (p.isPresent()) {
        return new PgClusterPort(p.get(), pidFile + ":4");
      }
    }
    Optional<PgSetting> set = next.effective("port");
    Optional<Integer> p = set.flatMap(s -> number(s.value()));
    if (p.isPresent()) {
      return new PgClusterPort(p.get(), set.get().source());
    }
    return new PgClusterPort(fallback, "neither postmaster.pid nor the configuration sets it");
  }

  private static Optional<Integer> number(String v) {
    String s = v.strip();
    return s.matches("\\d{1,5}") ? Optional.of(Integer.parseInt(s)) : Optional.empty();
  }
}
