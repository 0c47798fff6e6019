package io.pagetune.modules.builtin;

import io.pagetune.modules.ArgSpec;
import io.pagetune.modules.HostState;
import io.pagetune.modules.Module;
import io.pagetune.modules.ModuleCall;
import io.pagetune.modules.Plan;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * {@code set_fact}: every argument becomes a host variable, returned as {@code ansible_facts} for
 * the executor to store. Never changes the host. {@code cacheable} is accepted and ignored.
 */
public final class SetFactModule implements Module {
  private static final ArgSpec SPEC =
      ArgSpec.of()
          .withOpenKeys()
          .documented(
              "Sets host variables (every key given) for the rest of the run.",
              "- name: remember the pool size\n  set_fact:\n    pool_pages: 1024\n");

  @Override
  public String name() {
    return "set_fact";
  }

  @Override
  public ArgSpec spec() {
    return SPEC;
  }

  @Override
  public Plan plan(ModuleCall call, HostState host) {
    Map<String, Object> facts = new LinkedHashMap<>(call.args().asMap());
    facts.remove("cacheable");
    // LinkedHashMap rather than Map.copyOf: a fact may be null (YAML ~)
    return Plan.upToDate(
        "set " + facts.size() + (facts.size() == 1 ? " fact" : " facts"),
        Map.of("ansible_facts", java.util.Collections.unmodifiableMap(facts)));
  }
}
