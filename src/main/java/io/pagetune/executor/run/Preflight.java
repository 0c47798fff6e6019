package io.pagetune.executor.run;

import io.pagetune.error.InputException;
import io.pagetune.executor.task.RoleFiles;
import io.pagetune.playbook.Play;
import io.pagetune.playbook.Playbook;
import io.pagetune.playbook.Task;
import io.pagetune.playbook.TaskTree;
import io.pagetune.template.TemplateEngine;
import io.pagetune.template.TemplateFileCheck;
import io.pagetune.template.TemplateSyntax;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Checks that need the file system rather than the YAML alone, before any host is contacted (and by
 * {@code --syntax-check}): every template file the playbook names literally, a {@code template:}
 * {@code src} or a module's {@code *_template} argument, must exist in the role's {@code
 * templates/} or the template roots, and it is parsed (Jinja2 left in it, FreeMarker syntax errors)
 * before any host renders it.
 */
public final class Preflight {
  private Preflight() {}

  /** The checks with the template roots of the playbook at {@code playbookFile}. */
  public static void check(Playbook playbook, Path playbookFile) {
    check(playbook, Engine.templateRoots(playbookFile));
  }

  static void check(Playbook playbook, List<Path> templateRoots) {
    TemplateFileCheck files = new TemplateFileCheck(new TemplateSyntax());
    for (Play play : playbook.plays()) {
      List<Task> tasks = new ArrayList<>(play.handlers());
      tasks.addAll(TaskTree.tasks(play.preTasks()));
      tasks.addAll(TaskTree.tasks(play.tasks()));
      tasks.addAll(TaskTree.tasks(play.postTasks()));
      for (Task t : tasks) {
        for (Map.Entry<String, Object> arg : t.args().entrySet()) {
          if (namesTemplate(t, arg.getKey())
              && arg.getValue() instanceof String s
              && !TemplateEngine.hasTemplate(s)) {
            checkFile(t, s, templateRoots, files);
          }
        }
      }
    }
  }

  private static boolean namesTemplate(Task t, String arg) {
    boolean templateModule =
        t.module().equals("template") || t.module().equals("ansible.builtin.template");
    return (templateModule && arg.equals("src")) || arg.endsWith("_template");
  }

  private static void checkFile(
      Task t, String s, List<Path> templateRoots, TemplateFileCheck files) {
    java.util.Optional<Path> own = new RoleFiles(t.role()).template(s);
    if (own.isPresent()) {
      files.check(own.get(), new RoleFiles(t.role()).label(own.get()));
      return;
    }
    for (Path root : templateRoots) {
      if (Files.isRegularFile(root.resolve(s))) {
        // named as the template engine names it in its own messages
        files.check(root.resolve(s), root.getFileName() + "/" + s);
        return;
      }
    }
    throw new InputException(
        t.moduleLocation(),
        "task '"
            + t.displayName()
            + "': template file '"
            + s
            + "' not found in "
            + (t.role() != null ? "roles/" + t.role().name() + "/templates/ nor " : "")
            + "templates/");
  }
}
