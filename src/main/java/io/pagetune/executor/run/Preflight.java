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

/**
 * Checks that need the file system rather than the YAML alone, before any host is contacted: a
 * {@code template:} whose {@code src} is a plain name must exist in the template roots, and it is
 * parsed (Jinja2 left in it, FreeMarker syntax errors) before any host renders it.
 */
final class Preflight {
  private Preflight() {}

  static void check(Playbook playbook, List<Path> templateRoots) {
    TemplateFileCheck files = new TemplateFileCheck(new TemplateSyntax());
    for (Play play : playbook.plays()) {
      List<Task> tasks = new ArrayList<>(play.handlers());
      tasks.addAll(TaskTree.tasks(play.preTasks()));
      tasks.addAll(TaskTree.tasks(play.tasks()));
      tasks.addAll(TaskTree.tasks(play.postTasks()));
      for (Task t : tasks) {
        if (!t.module().equals("template") && !t.module().equals("ansible.builtin.template")) {
          continue;
        }
        Object src = t.args().get("src");
        if (!(src instanceof String s) || TemplateEngine.hasTemplate(s)) {
          continue;
        }
        boolean found = false;
        java.util.Optional<Path> own = new RoleFiles(t.role()).template(s);
        if (own.isPresent()) {
          files.check(own.get(), new RoleFiles(t.role()).label(own.get()));
          continue;
        }
        for (Path root : templateRoots) {
          if (Files.isRegularFile(root.resolve(s))) {
            // named as the template engine names it in its own messages
            files.check(root.resolve(s), root.getFileName() + "/" + s);
            found = true;
            break;
          }
        }
        if (!found) {
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
    }
  }
}
