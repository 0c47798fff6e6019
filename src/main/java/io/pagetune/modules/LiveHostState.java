package io.pagetune.modules;

import io.pagetune.connection.Become;
import io.pagetune.connection.CommandResult;
import io.pagetune.connection.Connection;
import io.pagetune.connection.FileMeta;
import io.pagetune.connection.RemoteCommand;
import io.pagetune.facts.Fact;
import io.pagetune.facts.FactCache;
import java.time.Duration;
import java.util.Optional;

/** {@link HostState} over a live connection, with facts cached per host. */
public final class LiveHostState implements HostState {
  private final Connection connection;
  private final Become become;
  private final Duration timeout;
  private final FactCache cache;
  private final FileSizeLimit fileSizeLimit;
  private final TreeBackupLimit treeBackupLimit;

  public LiveHostState(Connection connection, Become become, Duration timeout, FactCache cache) {
    this(connection, become, timeout, cache, FileSizeLimit.DEFAULT);
  }

  public LiveHostState(
      Connection connection,
      Become become,
      Duration timeout,
      FactCache cache,
      FileSizeLimit fileSizeLimit) {
    this(connection, become, timeout, cache, fileSizeLimit, TreeBackupLimit.DEFAULT);
  }

  public LiveHostState(
      Connection connection,
      Become become,
      Duration timeout,
      FactCache cache,
      FileSizeLimit fileSizeLimit,
      TreeBackupLimit treeBackupLimit) {
    this.treeBackupLimit = treeBackupLimit;
    this.connection = connection;
    this.become = become;
    this.timeout = timeout;
    this.cache = cache;
    this.fileSizeLimit = fileSizeLimit;
  }

  @Override
  public FileSizeLimit fileSizeLimit() {
    return fileSizeLimit;
  }

  @Override
  public TreeBackupLimit treeBackupLimit() {
    return treeBackupLimit;
  }

  @Override
  public String host() {
    return connection.host();
  }

  @Override
  public Optional<byte[]> read(String path) {
    return connection.read(path, become);
  }

  @Override
  public Optional<FileMeta> stat(String path) {
    return connection.stat(path, become);
  }

  @Override
  public <T> T fact(Fact<T> fact) {
    return cache.computeIfAbsent(
        fact,
        f -> {
          CommandResult r =
              connection.run(RemoteCommand.script(f.script()).withBecome(become), timeout);
          return f.parse(r);
        });
  }
}
