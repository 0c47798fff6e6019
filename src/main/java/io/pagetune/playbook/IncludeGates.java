package io.pagetune.playbook;

import io.pagetune.error.InputException;
import io.pagetune.yaml.YamlValue;
import java.util.Map;

/** The task an {@code include_tasks} or {@code include_role} is in the run: its own keywords. */
final class IncludeGates {
  private IncludeGates() {}

  /**
   * An include_tasks as a task of its own: its name, keywords, loop and the variables around it;
   * its own vars are task vars for its conditions and loop, and include parameters for its tasks.
   */
  static Task includeTasks(
      YamlValue.Mapping m, Keywords kw, Map<String, Object> blockVars, RoleScope role) {
    LoopControl control = TaskParser.loopControl(m);
    if (!control.pause().isZero()) {
      throw new InputException(
          m.keyLocation("loop_control"), "loop_control 'pause' is not supported on include_tasks");
    }
    return Task.builder("include_tasks", m.location())
        .name(m.has("name") ? YamlFields.string(m.get("name"), "name") : null)
        .moduleLocation(m.keyLocation("include_tasks"))
        .keywords(kw)
        .blockVars(blockVars)
        .loop(TaskParser.loop(m))
        .loopVar(TaskParser.loopVar(m))
        .loopControl(control)
        .role(role)
        .build();
  }

  /** A dynamic include as a task of its own: its name, keywords and the variables around it. */
  static Task include(
      String key, YamlValue.Mapping m, Keywords kw, Map<String, Object> blockVars, RoleScope role) {
    return Task.builder(key, m.location())
        .name(m.has("name") ? YamlFields.string(m.get("name"), "name") : null)
        .moduleLocation(m.keyLocation(key))
        .keywords(kw.withoutVars())
        .blockVars(blockVars)
        .role(role)
        .build();
  }
}
