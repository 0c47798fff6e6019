package io.pagetune.executor;

import io.pagetune.connection.Become;
import io.pagetune.connection.Connection;
import io.pagetune.modules.PathState;
import io.pagetune.state.ChangeKind;
import java.util.Map;
import java.util.Optional;

/**
 * Before a run changes a host, the writes that dead runs left unconfirmed there are settled against
 * what the host holds (the journal does it once per host and run).
 */
final class OrphanedWrites {
  private OrphanedWrites() {}

  static void reconcile(
      RunContext ctx, String host, Connection connection, Map<String, Object> vars) {
    ctx.services()
        .journal()
        .reconcile(
            host,
            new ChangeJournal.HostFileReader() {
              @Override
              public Optional<byte[]> read(String path, Optional<String> user) {
                return connection.read(path, becomeOf(user));
              }

              @Override
              public Optional<String> state(ChangeKind kind, String path, Optional<String> user) {
                return PathState.read(kind, connection, path, becomeOf(user));
              }
            },
            orphan ->
                ctx.services()
                    .restarts()
                    .requested(
                        new RestartSink.Request(
                            orphan.runId(), host, vars, orphan.task(), orphan.restart(), false)))
        .forEach(ctx.listener()::warning);
  }

  private static Become becomeOf(Optional<String> user) {
    return user.map(Become::as).orElse(Become.NONE);
  }
}
