package io.pagetune.executor.task;

import io.pagetune.connection.Become;
import io.pagetune.connection.CommandResult;
import io.pagetune.connection.Connection;
import io.pagetune.connection.StaleTemps;
import io.pagetune.executor.ChangeJournal;
import io.pagetune.executor.RestartSink;
import io.pagetune.executor.RunContext;
import io.pagetune.modules.PathState;
import io.pagetune.state.ChangeKind;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;

/**
 * Before a run changes a host, the writes that dead runs left unconfirmed there are settled against
 * what the host holds, and the temp files they may have left beside their targets removed (the
 * journal does it once per host and run).
 */
final class OrphanedWrites {
  private OrphanedWrites() {}

  static void reconcile(
      RunContext ctx, String host, Connection connection, Map<String, Object> vars) {
    ctx.services()
        .journal()
        .reconcile(
            host,
            new HostFiles(connection, ctx.options().commandTimeout()),
            orphan ->
                ctx.services()
                    .restarts()
                    .requested(
                        new RestartSink.Request(
                            orphan.runId(), host, vars, orphan.task(), orphan.restart(), false)))
        .forEach(ctx.listener()::warning);
  }

  /** The host being reconciled, through the run's connection to it. */
  private record HostFiles(Connection connection, Duration timeout)
      implements ChangeJournal.HostFileReader {
    @Override
    public Optional<byte[]> read(String path, Optional<String> becomeUser) {
      return connection.read(path, become(becomeUser));
    }

    @Override
    public void removeTemps(String path, Optional<String> becomeUser) {
      CommandResult r = connection.run(StaleTemps.command(path, become(becomeUser)), timeout);
      if (!r.ok()) {
        throw new UncheckedIOException(
            new IOException("exit " + r.exitCode() + ": " + r.stderr().strip()));
      }
    }

    @Override
    public Optional<String> state(ChangeKind kind, String path, Optional<String> becomeUser) {
      return PathState.read(kind, connection, path, become(becomeUser));
    }

    private static Become become(Optional<String> user) {
      return user.map(Become::as).orElse(Become.NONE);
    }
  }
}
