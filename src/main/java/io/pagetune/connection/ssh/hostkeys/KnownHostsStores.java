package io.pagetune.connection.ssh.hostkeys;

import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The known_hosts stores of a run: the run-wide one, and one per other combination of checking mode
 * and files that a host's ssh arguments name, each made once and shared by the hosts that name it
 * (so that accept-new writes and locks stay in one store per file set).
 */
public final class KnownHostsStores {
  private final HostKeyChecking mode;
  private final List<Path> files;
  private final Clock clock;
  private final KnownHostsStore runWide;
  private final Map<Key, KnownHostsStore> others = new ConcurrentHashMap<>();

  /** Which known_hosts files, checked how. */
  private record Key(HostKeyChecking mode, List<Path> files) {}

  /** {@code clock} judges the validity window of host certificates. */
  public KnownHostsStores(HostKeyChecking mode, List<Path> files, Clock clock) {
    this.mode = mode;
    this.files = files;
    this.clock = clock;
    this.runWide = new KnownHostsStore(mode, files, clock);
  }

  /** The store for a host's own mode and files; null ones mean the run's. */
  public KnownHostsStore storeFor(HostKeyChecking hostMode, List<Path> hostFiles) {
    if (hostMode == null && hostFiles == null) {
      return runWide;
    }
    Key key = new Key(hostMode != null ? hostMode : mode, hostFiles != null ? hostFiles : files);
    return others.computeIfAbsent(key, k -> new KnownHostsStore(k.mode(), k.files(), clock));
  }
}
