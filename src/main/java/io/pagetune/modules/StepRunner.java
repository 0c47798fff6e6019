package io.pagetune.modules;

import io.pagetune.connection.CommandResult;
import io.pagetune.connection.Connection;
import io.pagetune.connection.FileMeta;
import io.pagetune.connection.PutOptions;
import io.pagetune.connection.RemoteCommand;
import io.pagetune.pages.PageState;
import java.time.Clock;
import java.time.Duration;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/** Executes a plan's steps in order on one host and stops at the first failing step. */
public final class StepRunner {
  private static final DateTimeFormatter BACKUP_STAMP =
      DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss'Z'").withZone(ZoneOffset.UTC);

  private final Connection connection;
  private final Clock clock;
  private final WriteObserver observer;

  public StepRunner(Connection connection, Clock clock) {
    this(connection, clock, WriteObserver.NONE);
  }

  /**
   * @param observer told before each write and once it landed (the journal keeps what the write
   *     replaces, so no copy beside the target is needed unless the task asks for one)
   */
  public StepRunner(Connection connection, Clock clock, WriteObserver observer) {
    this.connection = connection;
    this.clock = clock;
    this.observer = observer;
  }

  /**
   * Runs the plan's steps in order; after the first failing one only the read-backs that fold a
   * failure into the result run. The failure's message becomes the result's {@code msg} at once,
   * replacing what the plan predicted ("line added"), so a read-back that runs after it may set the
   * module's own {@code msg} instead, as Ansible's command does ("non-zero return code").
   */
  public ApplyResult run(Plan plan, ModuleCall call) {
    Progress p = new Progress(plan);
    for (Step step : plan.steps()) {
      if (p.failure.isPresent()) {
        if (step instanceof Step.ReadBack back && back.afterFailure()) {
          p.adopt(back.reading().read(p.result(), host(call)));
        }
        continue;
      }
      p.ran++;
      if (step instanceof Step.Exec exec) {
        exec(exec, call, p);
      } else if (step instanceof Step.Put put) {
        put(put, call, p);
      } else if (step instanceof Step.Remove remove) {
        remove(remove, call, p);
      } else if (step instanceof Step.ReadBack back) {
        p.adopt(back.reading().read(p.result(), host(call)));
      } else if (step instanceof Step.RequestRestart restart) {
        p.restarts.add(restart);
      }
      p.failure.ifPresent(p::registerFailureMessage);
    }
    return p.result();
  }

  /** What the steps run so far did; becomes the {@link ApplyResult}. */
  private static final class Progress {
    boolean changed;
    List<CommandResult> commands = new ArrayList<>();
    List<Step.RequestRestart> restarts = new ArrayList<>();
    List<String> backups = new ArrayList<>();
    Map<String, Object> data;
    Optional<String> failure = Optional.empty();
    int ran;
    List<PageState> pageStates;

    Progress(Plan plan) {
      data = plan.data();
      pageStates = plan.pageStates();
    }

    ApplyResult result() {
      return new ApplyResult(
          changed, commands, restarts, backups, data, failure, OptionalInt.of(ran), pageStates);
    }

    void registerFailureMessage(String message) {
      Map<String, Object> withMessage = new LinkedHashMap<>(data);
      withMessage.put("msg", message);
      data = withMessage;
    }

    /** Takes what a read-back made of the result. */
    void adopt(ApplyResult r) {
      changed = r.changed();
      commands = new ArrayList<>(r.commands());
      restarts = new ArrayList<>(r.restarts());
      backups = new ArrayList<>(r.backups());
      data = r.data();
      failure = r.failure();
      pageStates = r.pageStates();
    }
  }

  private void exec(Step.Exec exec, ModuleCall call, Progress p) {
    EffectJournaling.Capture capture = journalEffect(exec, call);
    if (capture instanceof EffectJournaling.Unreadable unreadable) {
      p.failure = Optional.of(exec.describe() + ": refused: " + unreadable.reason());
      return;
    }
    List<WriteObserver.Landing> landings = intending(capture);
    CommandResult r = exec(exec.command(), call, exec.timeout());
    p.commands.add(r);
    p.changed = true;
    if (r.ok()) {
      landings.forEach(WriteObserver.Landing::landed);
    }
    if (!r.ok() && !exec.tolerateFailure()) {
      p.failure = Optional.of(failureMessage(exec, r));
    }
  }

  private void put(Step.Put put, ModuleCall call, Progress p) {
    Replaced replaced = replaced(put.path(), call, put.backup());
    replaced.backup().ifPresent(p.backups::add);
    WriteObserver.Landing landing =
        observer.intending(
            new FileWrite(
                put.path(),
                replaced.content(),
                replaced.meta(),
                Optional.of(put.content()),
                replaced.backup(),
                call.become()));
    connection.put(
        put.content(),
        put.path(),
        new PutOptions(put.mode(), put.owner(), put.group(), call.become()));
    landing.landed();
    p.changed = true;
  }

  private void remove(Step.Remove remove, ModuleCall call, Progress p) {
    Replaced replaced = replaced(remove.path(), call, false);
    WriteObserver.Landing landing =
        observer.intending(
            new FileWrite(
                remove.path(),
                replaced.content(),
                replaced.meta(),
                Optional.empty(),
                Optional.empty(),
                call.become()));
    Step.Exec rm =
        Step.Exec.of(RemoteCommand.argv("rm", "-f", "--", remove.path()), remove.describe());
    CommandResult r = exec(rm.command(), call, null);
    p.commands.add(r);
    p.changed = true;
    if (!r.ok()) {
      p.failure = Optional.of(failureMessage(rm, r));
      return;
    }
    landing.landed();
  }

  /** The host as the plan's read-backs see it: the task's become and environment. */
  private Step.ReadBack.Host host(ModuleCall call) {
    return new Step.ReadBack.Host() {
      @Override
      public String name() {
        return connection.host();
      }

      @Override
      public CommandResult query(RemoteCommand command) {
        return exec(command, call, null);
      }

      @Override
      public CommandResult query(RemoteCommand command, Duration atLeast) {
        return exec(command, call, atLeast.compareTo(call.timeout()) > 0 ? atLeast : null);
      }
    };
  }

  /**
   * Journals what a command's declared effect replaces before the command runs (a removed file's
   * content or tree's archive, a mode, owner, group, link or new directory), and puts the archive a
   * tree restore unpacks. A command without a declared effect cannot be journaled.
   */
  private EffectJournaling.Capture journalEffect(Step.Exec exec, ModuleCall call) {
    FileEffect effect = exec.effect();
    if (effect == null) {
      return new EffectJournaling.Writes(List.of());
    }
    if (effect.kind() == FileEffect.Kind.UNPACK_TREE) {
      Step.Put archive = effect.put();
      connection.put(
          archive.content(), archive.path(), new PutOptions(0600, null, null, call.become()));
    }
    if (observer == WriteObserver.NONE) {
      return new EffectJournaling.Writes(List.of());
    }
    return new EffectJournaling(connection, call.become(), command -> exec(command, call, null))
        .before(effect);
  }

  private List<WriteObserver.Landing> intending(EffectJournaling.Capture capture) {
    List<WriteObserver.Landing> landings = new ArrayList<>();
    if (capture instanceof EffectJournaling.Writes writes) {
      writes.writes().forEach(w -> landings.add(observer.intending(w)));
    }
    return landings;
  }

  private CommandResult exec(RemoteCommand command, ModuleCall call, Duration timeout) {
    RemoteCommand effective = call.effective(command);
    return connection.run(effective, timeout != null ? timeout : call.timeout());
  }

  /** What a write replaced: the old content and its metadata (none for a new file), a copy. */
  private record Replaced(
      Optional<byte[]> content, Optional<FileMeta> meta, Optional<String> backup) {
    static final Replaced NOTHING =
        new Replaced(Optional.empty(), Optional.empty(), Optional.empty());
  }

  /**
   * Reads what {@code path} holds before it is replaced (the journal keeps it); with {@code beside}
   * also keeps a timestamped copy next to it, as Ansible's {@code backup: true} does.
   */
  private Replaced replaced(String path, ModuleCall call, boolean beside) {
    if (observer == WriteObserver.NONE && !beside) {
      return Replaced.NOTHING;
    }
    Optional<FileMeta> meta = connection.stat(path, call.become());
    if (meta.isEmpty() || meta.get().type() != FileMeta.Type.FILE) {
      return Replaced.NOTHING;
    }
    Optional<byte[]> old = connection.read(path, call.become());
    if (old.isEmpty()) {
      return Replaced.NOTHING;
    }
    if (!beside) {
      return new Replaced(old, meta, Optional.empty());
    }
    String stamped = path + "." + BACKUP_STAMP.format(clock.instant());
    String backupPath = stamped + "~";
    // two changes of one file within a second must not share (and overwrite) a backup
    for (int n = 1; connection.stat(backupPath, call.become()).isPresent(); n++) {
      backupPath = stamped + "." + n + "~";
    }
    connection.put(
        old.get(),
        backupPath,
        new PutOptions(meta.get().mode(), meta.get().owner(), meta.get().group(), call.become()));
    return new Replaced(old, meta, Optional.of(backupPath));
  }

  private static String failureMessage(Step.Exec exec, CommandResult r) {
    if (r.timedOut()) {
      return exec.describe() + ": timed out after " + r.elapsed().toSeconds() + "s and was killed";
    }
    String err = r.stderr().isBlank() ? r.stdout() : r.stderr();
    return exec.describe()
        + ": exit code "
        + r.exitCode()
        + (err.isBlank() ? "" : ": " + err.strip());
  }
}
