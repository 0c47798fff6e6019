package io.pagetune.executor.play;

import io.pagetune.executor.task.RoleFiles;
import io.pagetune.playbook.MetaTask;
import io.pagetune.playbook.Play;
import io.pagetune.playbook.RoleScope;
import io.pagetune.playbook.Task;
import io.pagetune.playbook.TaskNode;
import io.pagetune.playbook.TaskTree;
import io.pagetune.template.TemplateEngine;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The first thing in a play that needs its hosts in step, so that the play cannot run host by host:
 * {@code serial}, {@code run_once}, {@code any_errors_fatal}, {@code max_fail_percentage}, {@code
 * throttle}, {@code delegate_to} another host than the control node, or a template that reads
 * {@code hostvars} (another host's facts and results exist only once that host got there) or the
 * play's live hosts ({@code ansible_play_hosts}, {@code ansible_play_batch}, {@code play_hosts}: a
 * host that failed leaves them at the task it failed; {@code ansible_play_hosts_all} is found by
 * the same search). The inventory's {@code groups} are fixed when the play starts and do not count.
 * {@code meta: end_play} ends the play for every host where the first host still running decides
 * it, so it needs them in step too ({@code end_host} acts on its own host only and does not).
 * {@code throttle} limits how many hosts run one task at once, which only hosts in step can share;
 * {@code meta: end_batch} is refused when the playbook loads, so it never reaches a run. Looked for
 * statically, once per play: every text of the play, its tasks, blocks, roles and handlers, and the
 * template files its {@code template:} tasks name.
 */
final class CrossHostUse {
  /** What needs the hosts in step, and where, e.g. "run_once at site.yml:12:7". */
  record Reason(String what, String where) {
    @Override
    public String toString() {
      return what + " at " + where;
    }
  }

  /**
   * Names whose value depends on where the other hosts are; {@code ansible_play_hosts} before
   * {@code play_hosts}, which it contains.
   */
  private static final List<String> OTHER_HOSTS =
      List.of("hostvars", "ansible_play_hosts", "ansible_play_batch", "play_hosts");

  /** What {@code delegate_to} may name and still run beside the host: the control node. */
  private static final java.util.Set<String> CONTROL_NODE =
      java.util.Set.of("localhost", "127.0.0.1");

  private final List<Path> templateRoots;

  private CrossHostUse(List<Path> templateRoots) {
    this.templateRoots = List.copyOf(templateRoots);
  }

  /** Empty when each host may run the whole play on its own. */
  static Optional<Reason> of(Play play, Map<String, Object> varsFilesVars, TemplateEngine engine) {
    return new CrossHostUse(engine.roots()).find(play, varsFilesVars);
  }

  private Optional<Reason> find(Play play, Map<String, Object> varsFilesVars) {
    String at = play.location().toString();
    if (!play.serial().sizes().isEmpty()) {
      return reason("serial", at);
    }
    if (play.maxFailPercentage() != null) {
      return reason("max_fail_percentage", at);
    }
    if (play.anyErrorsFatal()) {
      return reason("any_errors_fatal", at);
    }
    Optional<String> read =
        otherHostsRead(
            Arrays.asList(
                play.vars(),
                varsFilesVars,
                play.roleVars().defaults(),
                play.roleVars().vars(),
                play.keywords().when(),
                play.keywords().vars(),
                play.keywords().environment(),
                play.name()));
    if (read.isPresent()) {
      return reason(read.get(), at);
    }
    for (List<TaskNode> section : List.of(play.preTasks(), play.tasks(), play.postTasks())) {
      for (MetaTask meta : TaskTree.metaTasks(section)) {
        if (meta.action() == MetaTask.Action.END_PLAY) {
          return reason("meta: end_play", meta.location().toString());
        }
      }
    }
    List<Task> tasks = new ArrayList<>();
    tasks.addAll(TaskTree.tasksAndGates(play.preTasks()));
    tasks.addAll(TaskTree.tasksAndGates(play.tasks()));
    tasks.addAll(TaskTree.tasksAndGates(play.postTasks()));
    tasks.addAll(play.handlers());
    for (Task t : tasks) {
      Optional<Reason> r = inTask(t);
      if (r.isPresent()) {
        return r;
      }
    }
    return Optional.empty();
  }

  private Optional<Reason> inTask(Task t) {
    String at = t.location().toString();
    if (t.hosts().runOnce()) {
      return reason("run_once", at);
    }
    // block and play keywords are pushed down to the task, so this covers them too
    if (Boolean.TRUE.equals(t.keywords().anyErrorsFatal())) {
      return reason("any_errors_fatal", at);
    }
    Integer throttle = t.keywords().throttle();
    if (throttle != null && throttle > 0) {
      return reason("throttle", at);
    }
    String delegate = t.hosts().delegateTo();
    if (delegate != null && !CONTROL_NODE.contains(delegate)) {
      return reason("delegate_to " + delegate, at);
    }
    RoleScope role = t.role();
    Optional<String> read =
        otherHostsRead(
            Arrays.asList(
                t.name(),
                t.args(),
                t.loop(),
                t.keywords().when(),
                t.keywords().vars(),
                t.keywords().environment(),
                t.keywords().becomeUser(),
                t.blockVars(),
                t.changedWhen(),
                t.failedWhen(),
                t.notifies(),
                t.retry() != null ? t.retry().until() : null,
                t.loopControl().label(),
                role != null ? role.defaults() : null,
                role != null ? role.vars() : null,
                role != null ? role.params() : null));
    if (read.isPresent()) {
      return reason(read.get(), at);
    }
    if (t.module().equals("template") || t.module().equals("ansible.builtin.template")) {
      return inTemplateFile(t);
    }
    return Optional.empty();
  }

  /**
   * A template file is text of the play too; one whose name is only known per host might be any.
   */
  private Optional<Reason> inTemplateFile(Task t) {
    Object src = t.args().get("src");
    if (!(src instanceof String name)) {
      return Optional.empty();
    }
    if (TemplateEngine.isTemplated(name)) {
      return reason("a template src chosen per host", t.moduleLocation().toString());
    }
    Optional<Path> file = new RoleFiles(t.role()).template(name);
    if (file.isEmpty()) {
      file =
          templateRoots.stream().map(r -> r.resolve(name)).filter(Files::isRegularFile).findFirst();
    }
    Optional<String> read = file.flatMap(f -> otherHostsRead(read(f)));
    if (read.isPresent()) {
      return reason(read.get() + " in template " + name, t.moduleLocation().toString());
    }
    return Optional.empty();
  }

  private static String read(Path file) {
    try {
      return Files.readString(file);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * The first name in {@link #OTHER_HOSTS} that a text inside the value (maps and lists searched
   * through) contains.
   */
  static Optional<String> otherHostsRead(Object value) {
    if (value instanceof String s) {
      return OTHER_HOSTS.stream().filter(s::contains).findFirst();
    }
    Iterable<?> parts = null;
    if (value instanceof Map<?, ?> m) {
      List<Object> both = new ArrayList<>();
      m.forEach(
          (k, v) -> {
            both.add(k);
            both.add(v);
          });
      parts = both;
    } else if (value instanceof Iterable<?> list) {
      parts = list;
    }
    if (parts != null) {
      for (Object o : parts) {
        Optional<String> found = otherHostsRead(o);
        if (found.isPresent()) {
          return found;
        }
      }
    }
    return Optional.empty();
  }

  private static Optional<Reason> reason(String what, String where) {
    return Optional.of(new Reason(what, where));
  }
}
