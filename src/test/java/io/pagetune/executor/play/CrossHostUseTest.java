package io.pagetune.executor.play;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pagetune.executor.run.Engine;
import io.pagetune.modules.ModuleRegistry;
import io.pagetune.playbook.Play;
import io.pagetune.playbook.PlaybookLoader;
import io.pagetune.template.TemplateEngine;
import io.pagetune.testing.CliRun;
import io.pagetune.yaml.YamlReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** What makes a play need its hosts in step, found before any host is contacted. */
class CrossHostUseTest {
  private static final ModuleRegistry MODULES = new io.pagetune.app.Wiring().modules(CliRun.CLOCK);

  @TempDir Path dir;

  private Optional<CrossHostUse.Reason> reason(String playText) throws Exception {
    Path file = dir.resolve("site.yml");
    Files.writeString(file, playText);
    Files.writeString(dir.resolve("t.yml"), "- debug: {}\n");
    Play play = new PlaybookLoader(MODULES, new YamlReader(Path.of(""))).load(file).plays().get(0);
    return CrossHostUse.of(play, Map.of(), new TemplateEngine(Engine.templateRoots(file)));
  }

  private String where(int line, int column) {
    return dir.resolve("site.yml") + ":" + line + ":" + column;
  }

  @Test
  void independentHostsNeedNothingInStep() throws Exception {
    Files.createDirectories(dir.resolve("templates"));
    Files.writeString(dir.resolve("templates/own.ftl"), "${inventory_hostname} ${groups['all']}\n");
    assertEquals(
        Optional.empty(),
        reason(
            """
            - hosts: all
              vars: { peers: "${groups['all']?join(',')}" }
              tasks:
                - debug: { msg: "${groups['all']?size} ${peers}" }
                  delegate_to: localhost
                - template: { src: own.ftl, dest: /tmp/x }
              handlers:
                - name: h
                  debug: { msg: "${groups['all'][0]}" }
            """));
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "serial at play|- hosts: all\\n  serial: 2\\n  tasks:\\n    - debug: {}\\n|serial|1|3",
        "max_fail_percentage|- hosts: all\\n  max_fail_percentage: 10\\n  tasks:\\n    - debug: {}\\n"
            + "|max_fail_percentage|1|3",
        "play any_errors_fatal|- hosts: all\\n  any_errors_fatal: true\\n  tasks:\\n"
            + "    - debug: {}\\n|any_errors_fatal|1|3",
        "block any_errors_fatal|- hosts: all\\n  tasks:\\n    - block:\\n        - debug: {}\\n"
            + "      any_errors_fatal: true\\n|any_errors_fatal|4|11",
        "run_once|- hosts: all\\n  tasks:\\n    - debug: {}\\n    - debug: {}\\n      run_once: true\\n"
            + "|run_once|4|7",
        "run_once in a handler|- hosts: all\\n  tasks:\\n    - debug: {}\\n  handlers:\\n"
            + "    - name: h\\n      debug: {}\\n      run_once: true\\n|run_once|5|7",
        "hostvars in args|- hosts: all\\n  tasks:\\n    - debug: { msg: \"${hostvars['db1'].x}\" }\\n"
            + "|hostvars|3|7",
        "hostvars in when|- hosts: all\\n  tasks:\\n    - debug: {}\\n"
            + "      when: hostvars['db1'].ok\\n|hostvars|3|7",
        "hostvars in task vars|- hosts: all\\n  tasks:\\n    - debug: {}\\n"
            + "      vars: { a: \"${hostvars['db1'].x}\" }\\n|hostvars|3|7",
        "hostvars in a loop|- hosts: all\\n  tasks:\\n    - debug: {}\\n"
            + "      loop: \"${hostvars?keys}\"\\n|hostvars|3|7",
        "hostvars in play vars|- hosts: all\\n  vars: { a: \"${hostvars['x']}\" }\\n  tasks:\\n"
            + "    - debug: {}\\n|hostvars|1|3",
        "ansible_play_hosts|- hosts: all\\n  tasks:\\n    - debug: { msg: \"${ansible_play_hosts?size}\" }\\n"
            + "|ansible_play_hosts|3|7",
        "ansible_play_batch in a handler|- hosts: all\\n  tasks:\\n    - debug: {}\\n  handlers:\\n"
            + "    - name: h\\n      debug: { msg: \"${ansible_play_batch[0]}\" }\\n|ansible_play_batch|5|7",
        "play_hosts in when|- hosts: all\\n  tasks:\\n    - debug: {}\\n"
            + "      when: play_hosts?size > 1\\n|play_hosts|3|7",
        "end_play in a block|- hosts: all\\n  tasks:\\n    - block:\\n        - meta: end_play\\n"
            + "|meta: end_play|4|11",
        "hostvars in end_host's when|- hosts: all\\n  tasks:\\n    - meta: end_host\\n"
            + "      when: hostvars['db1'].ok\\n|hostvars|3|7",
        "hostvars in an include loop|- hosts: all\\n  tasks:\\n    - include_tasks: t.yml\\n"
            + "      loop: \"${hostvars?keys}\"\\n|hostvars|3|7",
        "templated src|- hosts: all\\n  tasks:\\n    - template: { src: \"${inventory_hostname}.ftl\","
            + " dest: /tmp/x }\\n|a template src chosen per host|3|7",
      })
  void eachConstructThatNeedsHostsInStepIsNamedWithItsPlace(
      String label, String play, String what, int line, int column) throws Exception {
    Optional<CrossHostUse.Reason> r = reason(play.replace("\\n", "\n"));
    assertEquals(Optional.of(what + " at " + where(line, column)), r.map(Object::toString), label);
  }

  @Test
  void aTemplateFileThatReadsHostvarsCounts() throws Exception {
    Files.createDirectories(dir.resolve("templates"));
    Files.writeString(dir.resolve("templates/peers.ftl"), "${hostvars['db1'].ip}\n");
    Optional<CrossHostUse.Reason> r =
        reason("- hosts: all\n  tasks:\n    - template: { src: peers.ftl, dest: /tmp/x }\n");
    assertEquals("hostvars in template peers.ftl", r.orElseThrow().what());
  }

  @Test
  void aRoleTaskOrDefaultThatReadsHostvarsCounts() throws Exception {
    Path role = Files.createDirectories(dir.resolve("roles/peer/tasks"));
    Files.writeString(role.resolve("main.yml"), "- debug: { msg: \"${peer}\" }\n");
    Files.createDirectories(dir.resolve("roles/peer/defaults"));
    Files.writeString(
        dir.resolve("roles/peer/defaults/main.yml"), "peer: \"${hostvars['db1'].ip}\"\n");
    Optional<CrossHostUse.Reason> r =
        reason("- hosts: all\n  tasks:\n    - include_role: { name: peer }\n");
    assertEquals("hostvars", r.orElseThrow().what());
  }
}
