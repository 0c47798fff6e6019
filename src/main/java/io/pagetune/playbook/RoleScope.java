package io.pagetune.playbook;

import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The role a task or handler comes from: its name (shown as {@code role : task}), its directory
 * (where {@code template:} and {@code copy:} look for {@code src} first) and the variables it
 * brings, each at its own Ansible precedence.
 *
 * @param defaults {@code defaults/main.yml}: below every other variable
 * @param vars {@code vars/main.yml}: above play vars and vars_files
 * @param params the variables given where the role is used ({@code - role: x} keys, {@code vars:}
 *     of {@code import_role}/{@code include_role}): above set_fact and registered values
 */
public record RoleScope(
    String name,
    Path dir,
    Map<String, Object> defaults,
    Map<String, Object> vars,
    Map<String, Object> params) {
  public RoleScope {
    defaults = Collections.unmodifiableMap(new LinkedHashMap<>(defaults));
    vars = Collections.unmodifiableMap(new LinkedHashMap<>(vars));
    params = Collections.unmodifiableMap(new LinkedHashMap<>(params));
  }

  /** A role file's directory: {@code templates}, {@code files}, {@code tasks}… */
  public Path subdir(String name) {
    return dir.resolve(name);
  }
}
