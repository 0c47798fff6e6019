package io.pagetune.playbook;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.error.InputException;
import io.pagetune.yaml.YamlReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PlaybookLoaderTest {
  @TempDir Path dir;

  private Playbook load(String yaml) throws Exception {
    Path p = dir.resolve("site.yml");
    Files.writeString(p, yaml);
    return new PlaybookLoader(
            new io.pagetune.app.Wiring().modules(java.time.Clock.systemUTC()), new YamlReader(dir))
        .load(p);
  }

  @Test
  void shortFormsAndAliases() throws Exception {
    Playbook book =
        load(
            "- hosts: db\n  tasks:\n"
                + "    - copy: dest=/etc/motd content=\"hello world\" mode=0644\n"
                + "    - command: echo hi\n"
                + "    - debug: { msg: x }\n      with_items: [1, 2]\n"
                + "    - ansible.builtin.debug: { msg: y }\n");
    List<TaskNode> tasks = book.plays().get(0).tasks();
    Task copy = (Task) tasks.get(0);
    assertEquals(
        Map.of("dest", "/etc/motd", "content", "hello world", "mode", "0644"), copy.args());
    assertEquals(Map.of("cmd", "echo hi"), ((Task) tasks.get(1)).args());
    assertEquals(List.of(1L, 2L), ((Task) tasks.get(2)).loop());
    assertEquals("debug", ((Task) tasks.get(3)).module());
    assertEquals("site.yml:3:7", copy.moduleLocation().toString());
  }

  @Test
  void blockKeywordsArePushedDownToTheirTasks() throws Exception {
    Playbook book =
        load(
            "- hosts: db\n  become: true\n  tags: [play]\n  tasks:\n"
                + "    - block:\n"
                + "        - debug: { msg: a }\n          when: x == 1\n          tags: inner\n"
                + "      when: y == 2\n      become_user: oracle\n      vars: { z: 3 }\n"
                + "      environment: { LANG: C }\n");
    Block block = (Block) book.plays().get(0).tasks().get(0);
    Task t = (Task) block.block().get(0);
    assertEquals(List.of("y == 2", "x == 1"), t.keywords().when());
    assertEquals(List.of("play", "inner"), t.keywords().tags());
    assertEquals(Boolean.TRUE, t.keywords().become());
    assertEquals("oracle", t.keywords().becomeUser());
    assertEquals(Map.of("z", 3L), t.blockVars());
    assertEquals(Map.of("LANG", "C"), t.keywords().environment());
  }

  @Test
  void importTasksIsStaticAndRelativeToTheIncludingFile() throws Exception {
    Files.createDirectories(dir.resolve("tasks"));
    Files.writeString(dir.resolve("tasks/common.yml"), "- debug: { msg: imported }\n");
    Playbook book =
        load("- hosts: db\n  tasks:\n    - import_tasks: tasks/common.yml\n      tags: t\n");
    Task t = (Task) book.plays().get(0).tasks().get(0);
    assertEquals("debug", t.module());
    assertEquals(List.of("t"), t.keywords().tags());
  }

  @Test
  void importPlaybookCycleIsAnError() throws Exception {
    Files.writeString(dir.resolve("b.yml"), "- import_playbook: site.yml\n");
    InputException e = assertThrows(InputException.class, () -> load("- import_playbook: b.yml\n"));
    assertTrue(e.getMessage().contains("cycle"), e.getMessage());
  }

  @Test
  void badKeywordValues() {
    assertThrows(InputException.class, () -> load("- hosts: db\n  serial: lots\n"));
    assertThrows(InputException.class, () -> load("- hosts: db\n  strategy: fast\n"));
    assertThrows(InputException.class, () -> load("- hosts: db\n  max_fail_percentage: 120\n"));
    assertThrows(
        InputException.class,
        () -> load("- hosts: db\n  tasks:\n    - debug: {}\n      register: 1x\n"));
    assertThrows(
        InputException.class,
        () -> load("- hosts: db\n  tasks:\n    - debug: {}\n      loop: 5\n"));
    assertThrows(
        InputException.class,
        () -> load("- hosts: db\n  tasks:\n    - debug: {}\n      listen: x\n"));
  }

  @Test
  void eachFileIsRecordedInItsOwnLanguage() throws Exception {
    Files.writeString(dir.resolve("ansible.yml"), "- debug:\n    msg: \"{{ greeting }}\"\n");
    Files.writeString(dir.resolve("vars.yml"), "sid: \"{{ 'PRD' }}\"\n");
    Playbook book =
        load(
            "- hosts: all\n  vars_files: [vars.yml]\n  tasks:\n"
                + "    - debug: {msg: \"${sid}\"}\n    - import_tasks: ansible.yml\n");
    var languages = book.languages();
    assertEquals(io.pagetune.template.TemplateLanguage.FREEMARKER, languages.of("site.yml"));
    assertEquals(io.pagetune.template.TemplateLanguage.JINJA, languages.of("ansible.yml"));
    assertEquals(io.pagetune.template.TemplateLanguage.JINJA, languages.of("vars.yml"));
  }

  @Test
  void aJinjaSyntaxErrorIsRefusedAtItsLine() throws Exception {
    Files.writeString(dir.resolve("bad.yml"), "- debug:\n    msg: \"{{ a + }}\"\n");
    InputException e =
        assertThrows(
            InputException.class,
            () -> load("- hosts: all\n  tasks:\n    - import_tasks: bad.yml\n"));
    assertEquals("bad.yml", e.location().file());
    assertEquals(2, e.location().line());
    assertTrue(e.getMessage().contains("syntax error"), e.getMessage());
    assertTrue(!e.getMessage().contains("Exception"), e.getMessage());
  }
}
