package io.pagetune.executor.play;

import io.pagetune.executor.task.RoleFiles;
import io.pagetune.playbook.Play;
import io.pagetune.playbook.RoleScope;
import io.pagetune.playbook.Task;
import io.pagetune.playbook.TaskTree;
import io.pagetune.template.TemplateEngine;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The first thing in a play that needs its hosts in step, so that the play cannot run host by host:
 * {@code serial}, {@code run_once}, {@code any_errors_fatal}, {@code max_fail_percentage}, or a
 * template that reads {@code hostvars} (another host's facts and results exist only once that host
 * got there). Host names ({@code groups}, {@code ansible_play_hosts}) are fixed when the play
 * starts and do not count. {@code delegate_to} names only the control node in pagetune, so it never
 * does. Looked for statically, once per play: every text of the play, its tasks, blocks, roles and
 * handlers, and the template files its {@code template:} tasks name.
 */
final class CrossHostUse {
  /** What needs the hosts in step, and where, e.g. "run_once at site.yml:12:7". */
  record Reason(String what, String where) {
    @Override
    public String toString() {
      return what + " at " + where;
    }
  }

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
    if (readsHostvars(play.vars())
        || readsHostvars(varsFilesVars)
        || readsHostvars(play.roleVars().defaults())
        || readsHostvars(play.roleVars().vars())
        || readsHostvars(play.keywords().when())
        || readsHostvars(play.keywords().vars())
        || readsHostvars(play.keywords().environment())
        || readsHostvars(play.name())) {
      return reason("hostvars", at);
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
    RoleScope role = t.role();
    if (readsHostvars(t.name())
        || readsHostvars(t.args())
        || readsHostvars(t.loop())
        || readsHostvars(t.keywords().when())
        || readsHostvars(t.keywords().vars())
        || readsHostvars(t.keywords().environment())
        || readsHostvars(t.keywords().becomeUser())
        || readsHostvars(t.blockVars())
        || readsHostvars(t.changedWhen())
        || readsHostvars(t.failedWhen())
        || readsHostvars(t.notifies())
        || (t.retry() != null && readsHostvars(t.retry().until()))
        || readsHostvars(t.loopControl().label())
        || (role != null
            && (readsHostvars(role.defaults())
                || readsHostvars(role.vars())
                || readsHostvars(role.params())))) {
      return reason("hostvars", at);
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
    if (file.isPresent() && readsHostvars(read(file.get()))) {
      return reason("hostvars in template " + name, t.moduleLocation().toString());
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

  /** True when any text inside the value (maps and lists searched through) names hostvars. */
  static boolean readsHostvars(Object value) {
    if (value instanceof String s) {
      return s.contains("hostvars");
    }
    if (value instanceof Map<?, ?> m) {
      for (Map.Entry<?, ?> e : m.entrySet()) {
        if (readsHostvars(e.getKey()) || readsHostvars(e.getValue())) {
          return true;
        }
      }
      return false;
    }
    if (value instanceof Iterable<?> list) {
      for (Object o : list) {
        if (readsHostvars(o)) {
          return true;
        }
      }
    }
    return false;
  }

  private static Optional<Reason> reason(String what, String where) {
    return Optional.of(new Reason(what, where));
  }
}
