package io.pagetune.modules;

import io.pagetune.connection.Become;
import java.time.Duration;
import java.util.Map;

/** One invocation of a module on one host: its arguments and the task's execution settings. */
public record ModuleCall(
    String module,
    Args args,
    TaskServices services,
    Become become,
    Map<String, String> environment,
    Duration timeout,
    String taskName) {

  public ModuleCall {
    environment = environment == null ? Map.of() : Map.copyOf(environment);
    become = become == null ? Become.NONE : become;
  }

  /**
   * {@code command} as this task runs it: with the task's become (unless it has its own) and env.
   */
  public io.pagetune.connection.RemoteCommand effective(
      io.pagetune.connection.RemoteCommand command) {
    return command.withDefaultBecome(become).withEnv(environment);
  }
}
