package io.pagetune.modules.builtin;

import io.pagetune.facts.FactGatherer;
import io.pagetune.facts.FactSet;
import io.pagetune.facts.FactSets;
import io.pagetune.facts.GatherSubset;
import io.pagetune.modules.Arg;
import io.pagetune.modules.ArgSpec;
import io.pagetune.modules.ArgType;
import io.pagetune.modules.HostState;
import io.pagetune.modules.Module;
import io.pagetune.modules.ModuleCall;
import io.pagetune.modules.Plan;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Pattern;

/**
 * {@code setup}: the host's facts in one round trip, returned as {@code ansible_facts} under
 * Ansible's names ({@code ansible_memtotal_mb}, …) with {@code gather_subset} and {@code
 * module_setup}, as Ansible's setup module returns them; the executor keeps them as the host's
 * gathered facts. {@code filter} keeps the names matching any of its shell patterns (and then, as
 * in Ansible, neither {@code gather_subset} nor {@code module_setup}). Never changes the host.
 */
public final class SetupModule implements Module {
  private static final ArgSpec SPEC =
      ArgSpec.of(
              Arg.optional("gather_subset", ArgType.LIST, List.of("all"))
                  .describe(
                      "Which fact groups to gather, as Ansible names them: all, min, hardware,"
                          + " network, virtual…; a leading ! leaves a group out."),
              Arg.optional("filter", ArgType.LIST, List.of())
                  .describe(
                      "Shell patterns (fnmatch) of the fact names to return; then gather_subset"
                          + " and module_setup are not returned."),
              Arg.optional("gather_timeout", ArgType.INT, 10)
                  .describe("Accepted as Ansible does; the connection's command timeout applies."),
              Arg.optional("fact_path", ArgType.STRING, "/etc/ansible/facts.d")
                  .describe("Accepted as Ansible does; local facts (facts.d) are not read."))
          .documented(
              "Gathers the host's facts in one round trip under Ansible's names; changes nothing.",
              "- name: memory and virtualization facts only\n"
                  + "  setup:\n"
                  + "    gather_subset: ['!all', 'hardware', 'virtual']\n");

  private final List<FactSet> sets;

  public SetupModule(List<FactSet> sets) {
    this.sets = List.copyOf(sets);
  }

  @Override
  public String name() {
    return "setup";
  }

  @Override
  public ArgSpec spec() {
    return SPEC;
  }

  @Override
  public void validate(io.pagetune.modules.Args args) {
    try {
      GatherSubset.parse(args.strings("gather_subset"));
    } catch (IllegalArgumentException e) {
      throw args.error("gather_subset", e.getMessage());
    }
  }

  @Override
  public Plan plan(ModuleCall call, HostState host) {
    GatherSubset subset = GatherSubset.parse(call.args().strings("gather_subset"));
    Map<String, Object> values = host.fact(FactGatherer.asOne(FactSets.facts(sets, subset)));
    Map<String, Object> facts = new TreeMap<>();
    FactSets.assemble(sets, values, subset).forEach((k, v) -> facts.put("ansible_" + k, v));
    List<String> filters = call.args().strings("filter");
    if (filters.isEmpty()) {
      facts.put("gather_subset", subset.requested());
      facts.put("module_setup", true);
    } else {
      List<Pattern> patterns = filters.stream().map(SetupModule::glob).toList();
      facts.keySet().removeIf(k -> patterns.stream().noneMatch(p -> p.matcher(k).matches()));
    }
    return Plan.upToDate(
        "gathered " + facts.size() + " facts",
        Map.of("ansible_facts", java.util.Collections.unmodifiableMap(facts)));
  }

  /** Python's fnmatch: {@code *}, {@code ?} and {@code [...]}, the rest literal. */
  static Pattern glob(String pattern) {
    StringBuilder re = new StringBuilder();
    for (int i = 0; i < pattern.length(); i++) {
      char c = pattern.charAt(i);
      int close = c == '[' ? pattern.indexOf(']', i + 2) : -1;
      if (c == '*') {
        re.append(".*");
      } else if (c == '?') {
        re.append('.');
      } else if (close > 0) {
        String set = pattern.substring(i + 1, close);
        re.append('[')
            .append(
                set.startsWith("!") ? "^" + Pattern.quote(set.substring(1)) : Pattern.quote(set))
            .append(']');
        i = close;
      } else {
        re.append(Pattern.quote(String.valueOf(c)));
      }
    }
    return Pattern.compile(re.toString(), Pattern.DOTALL);
  }
}
