package io.pagetune.modules;

import io.pagetune.connection.CommandResult;
import io.pagetune.connection.RemoteCommand;
import io.pagetune.schedule.RestartTarget;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * One change a plan would make, or one reading of the host the apply folds into its result. Steps
 * are data: planning produces them without touching the host, and only {@link StepRunner} executes
 * them. A restart is never run inline: it is requested.
 */
public sealed interface Step
    permits Step.Exec, Step.Put, Step.Remove, Step.ReadBack, Step.RequestRestart {

  /** A one-line description for reports ("write /etc/sysctl.d/99-hugepages.conf"). */
  String describe();

  /**
   * Runs a command; a non-zero exit fails the task unless {@code tolerateFailure}. What the command
   * does is opaque to check mode unless the step says so: {@code effect} names the path it changes
   * and how, {@code predicts} the facts it changes; later tasks of a check run plan against both.
   *
   * @param timeout null = the task's timeout
   * @param effect the change to one path, or null when the command changes no file (or an unknown
   *     set of them)
   * @param predicts what the facts the command changes read afterwards
   */
  record Exec(
      RemoteCommand command,
      String description,
      Duration timeout,
      boolean tolerateFailure,
      FileEffect effect,
      List<PredictedFact> predicts)
      implements Step {
    public Exec {
      Objects.requireNonNull(command);
      predicts = List.copyOf(predicts);
    }

    public Exec(
        RemoteCommand command, String description, Duration timeout, boolean tolerateFailure) {
      this(command, description, timeout, tolerateFailure, null, List.of());
    }

    public static Exec of(RemoteCommand command, String description) {
      return new Exec(command, description, null, false);
    }

    /** The same command, declaring the change it makes to a path. */
    public Exec changing(FileEffect change) {
      return new Exec(command, description, timeout, tolerateFailure, change, predicts);
    }

    /** The same command, declaring what a fact reads after it. */
    public Exec predicting(PredictedFact fact) {
      List<PredictedFact> more = new ArrayList<>(predicts);
      more.add(fact);
      return new Exec(command, description, timeout, tolerateFailure, effect, more);
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

  /**
   * Reads the host once the steps before it ran and folds what it reads into the result: a value
   * read back after it was written, what the host chose for a new account, what a command printed,
   * a wait for a port. It changes nothing, so a plan of read-backs only is up to date, check mode
   * never runs one (nor lists it), and a saved plan does not show it. A failure it reports stops
   * the steps after it.
   *
   * @param afterFailure it also runs when an earlier step failed (to register what a failed command
   *     printed); otherwise a failure ends the run before it
   */
  record ReadBack(String description, boolean afterFailure, Reading reading) implements Step {
    public ReadBack {
      Objects.requireNonNull(description);
      Objects.requireNonNull(reading);
    }

    /** A read-back that runs only when every step before it succeeded. */
    public static ReadBack of(String description, Reading reading) {
      return new ReadBack(description, false, reading);
    }

    @Override
    public String describe() {
      return description;
    }

    /** What the reading makes of the result so far, with read-only access to the host. */
    @FunctionalInterface
    public interface Reading {
      ApplyResult read(ApplyResult soFar, Host host);
    }

    /** The host as a read-back sees it: read-only commands, run as the task runs its own. */
    public interface Host {
      /** The host's inventory name (the target of a reboot a reading asks for). */
      String name();

      /** Runs a read-only command within the task's timeout. */
      CommandResult query(RemoteCommand command);

      /** Runs a read-only command that may take {@code atLeast}, if the task allows less. */
      CommandResult query(RemoteCommand command, Duration atLeast);
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
