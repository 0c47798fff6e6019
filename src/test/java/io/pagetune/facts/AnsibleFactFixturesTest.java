package io.pagetune.facts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.pagetune.connection.CommandResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Acceptance: the outputs the fact snippets read on Debian, RHEL, Oracle Linux, SLES and Solaris
 * hosts (src/test/resources/facts/setup/&lt;host&gt;/&lt;fact&gt;.txt, see the README there for
 * where each format and value rule comes from) give the values Ansible's setup module gives for
 * them (expected.json), through the parsers and assembly the gathering uses; and the capture of
 * this machine (pagetune's raw outputs and {@code ansible localhost -m setup} taken together)
 * agrees fact by fact, the offline twin of {@link AnsibleSetupInteropTest}.
 */
class AnsibleFactFixturesTest {
  private static final Path SETUP = Path.of("src/test/resources/facts/setup");
  private static final ObjectMapper JSON = new ObjectMapper();

  static Stream<String> hosts() throws IOException {
    try (Stream<Path> dirs = Files.list(SETUP)) {
      return dirs
          .filter(Files::isDirectory)
          .map(p -> p.getFileName().toString())
          .sorted()
          .toList()
          .stream();
    }
  }

  /** Each fact parsed from its fixture; a fact without one failed on that host (rc 1). */
  private static Map<String, Object> gathered(Map<String, CommandResult> outputs) {
    Map<String, Object> g = new HashMap<>();
    for (Fact<?> f : AnsibleSetupInteropTest.facts()) {
      g.put(f.name(), f.parse(outputs.getOrDefault(f.name(), CommandResult.of(1, "", ""))));
    }
    return g;
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("hosts")
  @SuppressWarnings("unchecked")
  void givesAnsiblesValues(String host) throws IOException {
    Path dir = SETUP.resolve(host);
    Map<String, CommandResult> outputs = new HashMap<>();
    try (Stream<Path> files = Files.list(dir)) {
      for (Path p : files.filter(p -> p.toString().endsWith(".txt")).toList()) {
        String name = p.getFileName().toString().replaceFirst("\\.txt$", "");
        outputs.put(name, CommandResult.of(0, Files.readString(p), ""));
      }
    }
    Map<String, Object> ours = AnsibleSetupInteropTest.assemble(gathered(outputs));
    Map<String, Object> expected = JSON.readValue(dir.resolve("expected.json").toFile(), Map.class);
    for (Map.Entry<String, Object> e : expected.entrySet()) {
      if (e.getValue() == null) {
        assertTrue(!ours.containsKey(e.getKey()), host + ": " + e.getKey() + " must be absent");
      } else {
        assertEquals(tree(e.getValue()), tree(ours.get(e.getKey())), host + ": " + e.getKey());
      }
    }
  }

  /** Numbers as JSON has them, whatever Java type holds them. */
  private static com.fasterxml.jackson.databind.JsonNode tree(Object v) throws IOException {
    return JSON.readTree(JSON.writeValueAsString(v));
  }

  @Test
  @SuppressWarnings("unchecked")
  void thisMachinesCaptureAgreesWithAnsiblesSetup() throws IOException {
    Map<String, Object> doc =
        JSON.readValue(SETUP.resolve("this_machine_debian12.json").toFile(), Map.class);
    Map<String, CommandResult> outputs = new HashMap<>();
    ((Map<String, Map<String, Object>>) doc.get("pagetune_sections"))
        .forEach(
            (name, s) ->
                outputs.put(
                    name, CommandResult.of((Integer) s.get("rc"), (String) s.get("stdout"), "")));
    Map<String, Object> ours = AnsibleSetupInteropTest.assemble(gathered(outputs));
    Map<String, Object> ansible = (Map<String, Object>) doc.get("ansible_facts");
    assertTrue(ours.keySet().containsAll(List.of("virtualization_type", "mounts", "date_time")));
    assertEquals(List.of(), AnsibleSetupComparison.differences(ours, ansible));
  }
}
