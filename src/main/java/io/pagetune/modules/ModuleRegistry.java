package io.pagetune.modules;

import io.pagetune.error.Suggestions;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The modules a playbook may use, registered explicitly (no classpath scanning). {@code
 * ansible.builtin.<name>}, and the collection names of the few modules Ansible keeps elsewhere
 * ({@code community.general.pam_limits}, …), are accepted so existing playbooks keep working.
 */
public final class ModuleRegistry {
  private static final String BUILTIN_PREFIX = "ansible.builtin.";

  /** Modules that Ansible ships in a collection rather than ansible.builtin, by their FQCN. */
  private static final Map<String, String> COLLECTION_NAMES =
      Map.of(
          "ansible.posix.sysctl", "sysctl",
          "community.general.pam_limits", "pam_limits",
          "community.general.ini_file", "ini_file");

  private final Map<String, Module> modules = new LinkedHashMap<>();

  public ModuleRegistry(List<Module> list) {
    for (Module m : list) {
      if (modules.put(m.name(), m) != null) {
        throw new IllegalArgumentException("module registered twice: " + m.name());
      }
    }
  }

  public Optional<Module> find(String name) {
    String key =
        name.startsWith(BUILTIN_PREFIX)
            ? name.substring(BUILTIN_PREFIX.length())
            : COLLECTION_NAMES.getOrDefault(name, name);
    return Optional.ofNullable(modules.get(key));
  }

  public boolean isModule(String name) {
    return find(name).isPresent();
  }

  public Set<String> names() {
    return modules.keySet();
  }

  public String didYouMean(String name) {
    return Suggestions.didYouMean(name, modules.keySet());
  }
}
