package io.pagetune.executor;

import io.pagetune.connection.Become;
import io.pagetune.connection.Connection;
import java.util.Map;

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
            (path, user) -> connection.read(path, user.map(Become::as).orElse(Become.NONE)),
            orphan ->
                ctx.services()
                    .restarts()
                    .requested(
                        new RestartSink.Request(
                            orphan.runId(), host, vars, orphan.task(), orphan.restart(), false)))
        .forEach(ctx.listener()::warning);
  }
}
