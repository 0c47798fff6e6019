package io.pagetune.inventory.dynamic;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.pagetune.inventory.InventoryLoader;
import io.pagetune.inventory.InventoryReport;
import io.pagetune.yaml.YamlReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * For the same script, pagetune loads the hosts, groups and variables that the real {@code
 * ansible-inventory -i SCRIPT --list} (Debian's ansible-core) shows: every host's merged variables
 * and every group's children and hosts, with and without {@code _meta}.
 */
@Tag("interop")
class ScriptInventoryInteropTest {
  private static final ObjectMapper JSON =
      new ObjectMapper().enable(DeserializationFeature.USE_LONG_FOR_INTS);

  @TempDir Path dir;

  @Test
  void aScriptWithMetaLoadsAsAnsibleInventoryShowsIt() throws Exception {
    Path script = TestScripts.python(dir, "meta.py", TestScripts.WITH_META, "{}");
    assertEquals(normalized(ansibleInventory(script)), normalized(pagetune(script)));
  }

  @Test
  void aScriptWithoutMetaLoadsAsAnsibleInventoryShowsIt() throws Exception {
    Path script =
        TestScripts.python(
            dir, "nometa.py", TestScripts.WITHOUT_META, TestScripts.WITHOUT_META_HOSTS);
    assertEquals(normalized(ansibleInventory(script)), normalized(pagetune(script)));
  }

  private String pagetune(Path script) {
    return new InventoryReport(new InventoryLoader(new YamlReader(dir)).load(script), true).list();
  }

  private String ansibleInventory(Path script) throws IOException, InterruptedException {
    ProcessBuilder pb =
        new ProcessBuilder("ansible-inventory", "-i", script.toString(), "--list")
            .directory(dir.toFile())
            .redirectError(ProcessBuilder.Redirect.DISCARD);
    pb.environment().put("ANSIBLE_CONFIG", dir.resolve("none.cfg").toString());
    pb.environment().put("ANSIBLE_LOCAL_TEMP", dir.resolve("tmp").toString());
    pb.environment().put("HOME", dir.toString());
    Process p = pb.start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    p.waitFor(120, TimeUnit.SECONDS);
    assertEquals(0, p.exitValue(), out);
    return out;
  }

  /**
   * Groups as their sorted children and hosts (ansible-inventory lists group variables only with
   * --export; pagetune always does), empty groups left out, and every host's variables.
   */
  @SuppressWarnings("unchecked")
  private static Map<String, Object> normalized(String listJson) throws IOException {
    Map<String, Object> list = JSON.readValue(listJson, Map.class);
    Map<String, Object> out = new TreeMap<>();
    list.forEach(
        (group, body) -> {
          if (group.equals("_meta")) {
            out.put("_meta", ((Map<String, Object>) body).get("hostvars"));
            return;
          }
          Map<String, Object> g = new TreeMap<>();
          for (String key : List.of("children", "hosts")) {
            Object names = ((Map<String, Object>) body).get(key);
            if (names != null) {
              List<String> sorted = new ArrayList<>((List<String>) names);
              sorted.sort(null);
              g.put(key, sorted);
            }
          }
          if (!g.isEmpty()) {
            out.put(group, g);
          }
        });
    return out;
  }
}
