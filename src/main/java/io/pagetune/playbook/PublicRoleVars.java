package io.pagetune.playbook;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The defaults and vars of a play's static roles ({@code roles:} and {@code import_role}), which
 * Ansible makes visible to the whole play, not only to the role's own tasks. Later roles win.
 */
public record PublicRoleVars(Map<String, Object> defaults, Map<String, Object> vars) {
  public static final PublicRoleVars NONE = new PublicRoleVars(Map.of(), Map.of());

  public PublicRoleVars {
    defaults = Collections.unmodifiableMap(new LinkedHashMap<>(defaults));
    vars = Collections.unmodifiableMap(new LinkedHashMap<>(vars));
  }
}
