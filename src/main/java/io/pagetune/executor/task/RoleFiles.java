package io.pagetune.executor.task;

import io.pagetune.playbook.RoleScope;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Where a role's task finds {@code template: src} and {@code copy: src}: the role's {@code
 * templates/} and {@code files/} (then the role's own directory), before the playbook's, as in
 * Ansible. A name that climbs out of the role ({@code ../}) is not looked up there.
 */
public record RoleFiles(RoleScope role) {

  /** The role's template of that name, if it has one. */
  public Optional<Path> template(String src) {
    if (role == null) {
      return Optional.empty();
    }
    Path dir = role.subdir("templates");
    Path p = dir.resolve(src).normalize();
    return p.startsWith(dir) && Files.isRegularFile(p) ? Optional.of(p) : Optional.empty();
  }

  /** The role's candidates for a file source, in lookup order. */
  public List<Path> fileCandidates(String src) {
    if (role == null) {
      return List.of();
    }
    return List.of(role.subdir("files").resolve(src).normalize(), role.dir().resolve(src));
  }

  /** How messages name a role's file: {@code roles/<role>/templates/<name>}. */
  public String label(Path file) {
    return "roles/" + role.name() + "/" + role.dir().relativize(file);
  }
}
