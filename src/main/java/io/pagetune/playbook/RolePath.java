package io.pagetune.playbook;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Where roles are found, in Ansible's order: {@code roles/} beside the playbook, then the
 * configured roles path ({@code roles_path} of ansible.cfg or {@code ANSIBLE_ROLES_PATH}), then the
 * playbook's own directory. A name with a {@code /} is a path from the playbook's directory.
 */
public record RolePath(List<Path> configured) {
  public static final RolePath NONE = new RolePath(List.of());

  public RolePath {
    configured = List.copyOf(configured);
  }

  /** The directories searched for a playbook in {@code playbookDir}, in order. */
  public List<Path> searched(Path playbookDir) {
    List<Path> dirs = new ArrayList<>();
    dirs.add(playbookDir.resolve("roles"));
    for (Path p : configured) {
      dirs.add(playbookDir.resolve(p).normalize());
    }
    dirs.add(playbookDir);
    return dirs;
  }

  /** The role's directory: the first searched directory holding a directory of that name. */
  public Optional<Path> find(String name, Path playbookDir) {
    if (name.contains("/")) {
      Path p = playbookDir.resolve(name).normalize();
      return Files.isDirectory(p) ? Optional.of(p) : Optional.empty();
    }
    for (Path dir : searched(playbookDir)) {
      Path p = dir.resolve(name).normalize();
      if (Files.isDirectory(p) && !p.equals(playbookDir)) {
        return Optional.of(p);
      }
    }
    return Optional.empty();
  }
}
