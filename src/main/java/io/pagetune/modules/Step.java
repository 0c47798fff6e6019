package io.pagetune.modules;

import io.pagetune.connection.RemoteCommand;
import io.pagetune.schedule.RestartTarget;
import java.time.Duration;
import java.util.Arrays;
import java.util.Objects;

/**
 * One change a plan would make. Steps are data: planning produces them without touching the host,
 * and only {@link StepRunner} executes them. A restart is never run inline: it is requested.
 */
public sealed interface Step permits Step.Exec, Step.Put, Step.Remove, Step.RequestRestart {

  /** A one-line description for reports ("write /etc/sysctl.d/99-hugepages.conf"). */
  String describe();

  /**
   * Runs a command; a non-zero exit fails the task unless {@code tolerateFailure}.
   *
   * @param timeout null = the task's timeout
   */
  record Exec(RemoteCommand command, String description, Duration timeout, boolean tolerateFailure)
      implements Step {
    public Exec {
      Objects.requireNonNull(command);
    }

    public static Exec of(RemoteCommand command, String description) {
      return new Exec(command, description, null, false);
    }

    @Override
    public String describe() {
      return description != null ? description : "run " + command.display();
    }
  }

  /**
   * Writes a whole file atomically. {@code mode}/{@code owner}/{@code group} null = keep the
   * existing file's. {@code backup} keeps a timestamped copy of the old content first.
   */
  record Put(String path, byte[] content, Integer mode, String owner, String group, boolean backup)
      implements Step {
    public Put {
      Objects.requireNonNull(path);
      content = content.clone();
    }

    @Override
    public byte[] content() {
      return content.clone();
    }

    @Override
    public String describe() {
      return "write " + path;
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Put p
          && p.path.equals(path)
          && Arrays.equals(p.content, content)
          && Objects.equals(p.mode, mode)
          && Objects.equals(p.owner, owner)
          && Objects.equals(p.group, group)
          && p.backup == backup;
    }

    @Override
    public int hashCode() {
      return Objects.hash(path, Arrays.hashCode(content), mode, owner, group, backup);
    }

    @Override
    public String toString() {
      return "Put[" + path + ", " + content.length + " bytes]";
    }
  }

  /** Removes a file (journaled with its content, so that the removal can be rolled back). */
  record Remove(String path) implements Step {
    public Remove {
      Objects.requireNonNull(path);
    }

    @Override
    public String describe() {
      return "remove " + path;
    }
  }

  /** Asks for a restart that makes the change effective; the schedule package decides when. */
  record RequestRestart(RestartTarget target, String reason) implements Step {
    @Override
    public String describe() {
      return "restart " + target.describe() + " (" + reason + ")";
    }
  }
}
