package io.pagetune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.app.Wiring;
import io.pagetune.modules.Arg;
import io.pagetune.modules.Module;
import io.pagetune.modules.ModuleRegistry;
import io.pagetune.playbook.Playbook;
import io.pagetune.playbook.PlaybookLoader;
import io.pagetune.playbook.Task;
import io.pagetune.testing.CliRun;
import io.pagetune.yaml.YamlReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code pagetune doc} is read from the modules' own argument specs, compared here with the specs
 * themselves so that it cannot drift: every registered module is listed, every option of a module
 * is shown with its type, default, choices and aliases, and every module has a summary, an example
 * that loads as a task of that module, and a description of every option.
 */
class DocCommandTest {
  @TempDir Path dir;

  private static ModuleRegistry registry() {
    return new Wiring(Map.of(), CliRun.CLOCK).modules(CliRun.CLOCK);
  }

  @Test
  void listShowsEveryRegisteredModuleOnceWithItsSummary() {
    CliRun r = CliRun.of("doc", "--list");
    assertEquals(0, r.exitCode(), r.toString());
    Set<String> listed =
        r.out()
            .lines()
            .map(l -> l.split("\\s+", 2)[0])
            .collect(Collectors.toCollection(TreeSet::new));
    ModuleRegistry modules = registry();
    assertEquals(new TreeSet<>(modules.names()), listed);
    assertEquals(modules.names().size(), r.out().lines().count());
    for (String name : modules.names()) {
      String summary = modules.find(name).orElseThrow().spec().summary();
      assertTrue(r.out().contains(summary), name + " without its summary: " + r.out());
    }
  }

  @Test
  void sysctlShowsEveryOptionOfItsSpec() {
    Module sysctl = registry().find("sysctl").orElseThrow();
    CliRun r = CliRun.of("doc", "ansible.posix.sysctl");
    assertEquals(0, r.exitCode(), r.toString());
    assertTrue(r.out().startsWith("> SYSCTL\n"), r.out());
    assertTrue(r.out().contains("CHECK MODE: full"), r.out());
    assertTrue(r.out().contains("EXAMPLES:\n\n  - name: "), r.out());
    for (Arg a : sysctl.spec().args()) {
      String block = block(r.out(), a);
      String desc = a.description().split(" ")[0];
      assertTrue(block.contains(desc), a.name() + ": " + block);
      assertTrue(block.contains("type: " + ModuleDocText.typeName(a.type())), block);
      if (a.defaultValue() != null) {
        assertTrue(block.contains("default: " + a.defaultValue()), block);
      } else {
        assertFalse(block.contains("default:"), block);
      }
      if (!a.choices().isEmpty()) {
        assertTrue(block.contains("choices: [" + String.join(", ", a.choices()) + "]"), block);
      }
      if (!a.aliases().isEmpty()) {
        assertTrue(block.contains("aliases: [" + String.join(", ", a.aliases()) + "]"), block);
      }
    }
    CliRun shell = CliRun.of("doc", "shell");
    assertTrue(shell.out().contains("CHECK MODE: none"), shell.out());
    assertTrue(shell.out().contains("FREE FORM: "), shell.out());
  }

  /** The lines of one option, from its {@code =}/{@code -} line to the blank line after it. */
  private static String block(String out, Arg a) {
    String head = (a.required() ? "= " : "- ") + a.name() + "\n";
    int start = out.indexOf(head);
    assertTrue(start >= 0, a.name() + " missing: " + out);
    int end = out.indexOf("\n\n", start);
    return out.substring(start, end < 0 ? out.length() : end);
  }

  @Test
  void everyModuleIsDocumentedAndItsExampleLoadsAsATaskOfIt() throws Exception {
    ModuleRegistry modules = registry();
    for (String name : modules.names()) {
      Module m = modules.find(name).orElseThrow();
      assertFalse(m.spec().summary().isBlank(), name + " has no summary");
      for (Arg a : m.spec().args()) {
        assertFalse(a.description().isBlank(), name + ": option " + a.name() + " undescribed");
      }
      String tasks =
          m.spec().example().lines().map(l -> "    " + l).collect(Collectors.joining("\n"));
      Path book =
          Files.writeString(
              dir.resolve(name + ".yml"),
              "- hosts: all\n  gather_facts: false\n  tasks:\n" + tasks + "\n");
      Playbook loaded = new PlaybookLoader(modules, new YamlReader(dir)).load(book);
      List<?> nodes = loaded.plays().get(0).tasks();
      assertFalse(nodes.isEmpty(), name + ": the example has no task");
      assertEquals(
          name, ((Task) nodes.get(0)).module(), name + ": the example uses another module");
    }
  }

  @Test
  void anUnknownModuleIsBadInputWithASuggestion() {
    CliRun r = CliRun.of("doc", "sysctll");
    assertEquals(4, r.exitCode(), r.toString());
    assertEquals("sysctll:1:1: unknown module 'sysctll'; did you mean 'sysctl'?\n", r.err());
    assertEquals("", r.out());
  }
}
