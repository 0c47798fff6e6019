package io.pagetune.facts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.pagetune.connection.Become;
import io.pagetune.connection.LocalConnection;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Acceptance: on this machine, every fact pagetune gathers has the value Ansible's own {@code
 * ansible localhost -m setup} gives (Debian's ansible-core).
 */
@Tag("interop")
class AnsibleSetupInteropTest {
  static final List<FactSet> SETS =
      List.of(new BaseFacts(), new CollectorFacts(), new VirtualFacts());

  @SuppressWarnings("unchecked")
  static Map<String, Object> ansibleSetup() throws Exception {
    Process p =
        new ProcessBuilder("ansible", "localhost", "-c", "local", "-m", "setup")
            .redirectError(ProcessBuilder.Redirect.DISCARD)
            .start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(120, TimeUnit.SECONDS));
    assertEquals(0, p.exitValue(), out);
    String json = out.substring(out.indexOf('{'));
    Map<String, Object> result = new ObjectMapper().readValue(json, Map.class);
    return (Map<String, Object>) result.get("ansible_facts");
  }

  static Map<String, Object> assemble(Map<String, Object> gathered) {
    Map<String, Object> facts = new LinkedHashMap<>();
    SETS.forEach(s -> facts.putAll(s.assemble(gathered)));
    return facts;
  }

  static List<Fact<?>> facts() {
    Map<String, Fact<?>> byName = new LinkedHashMap<>();
    SETS.forEach(s -> s.facts(GatherSubset.ALL).forEach(f -> byName.putIfAbsent(f.name(), f)));
    return List.copyOf(byName.values());
  }

  @Test
  void everyFactPagetuneGathersHasAnsiblesValueOnThisMachine() throws Exception {
    Map<String, Object> ansible = ansibleSetup();
    Map<String, Object> gathered =
        FactGatherer.gather(
            new LocalConnection("localhost"), facts(), Become.NONE, Duration.ofSeconds(60));
    Map<String, Object> ours = assemble(gathered);
    for (String name :
        List.of(
            "virtualization_type",
            "swaptotal_mb",
            "mounts",
            "date_time",
            "env",
            "interfaces",
            "domain",
            "pkg_mgr",
            "selinux",
            "processor_count")) {
      assertTrue(ours.containsKey(name), name + " gathered: " + ours.keySet());
    }
    assertEquals(List.of(), AnsibleSetupComparison.differences(ours, ansible));
  }
}
