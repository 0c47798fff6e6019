package io.pagetune.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.testing.CliRun;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code include_vars} as ansible-playbook 2.14.18 runs it: each playbook here was run with it on
 * the same files, and each value and recap cited is what it gave.
 */
class IncludeVarsRunTest {
  @TempDir Path tmp;

  private void write(String name, String text) throws Exception {
    Path p = tmp.resolve(name);
    Files.createDirectories(p.getParent());
    Files.writeString(p, text);
  }

  private CliRun run(String playbook, String... extra) throws Exception {
    write("hosts.ini", "h1 ansible_connection=local\n");
    write("site.yml", playbook);
    String[] base = {
      "run",
      tmp.resolve("site.yml").toString(),
      "-i",
      tmp.resolve("hosts.ini").toString(),
      "--state",
      "none",
      "--progress",
      "none"
    };
    String[] args = java.util.Arrays.copyOf(base, base.length + extra.length);
    System.arraycopy(extra, 0, args, base.length, extra.length);
    return CliRun.of(args);
  }

  @Test
  void itsVariablesSitAboveTaskVarsAndBelowSetFact() throws Exception {
    write("vars/a.yml", "x: from_file\ny: \"{{ x }}-y\"\n");
    CliRun r =
        run(
            """
            - hosts: all
              gather_facts: false
              vars: { x: playvar }
              tasks:
                - include_vars: vars/a.yml
                  register: iv
                - debug: { msg: "{{ x }} {{ y }} {{ iv.ansible_included_var_files | length }}" }
                - debug: { msg: "task {{ x }}" }
                  vars: { x: taskvar }
                - set_fact: { x: sf }
                - ansible.builtin.include_vars:
                    file: a.yml
                    name: bag
                - debug: { msg: "{{ bag.x }} {{ bag.y }}" }
                - include_vars: a.yml
                - debug: { msg: "after {{ x }}" }
            """);
    assertEquals(0, r.exitCode(), r.toString());
    // ansible-playbook: "from_file from_file-y 1"; a task's own vars lose to include_vars
    // ("task from_file"); under name the values are kept as written and evaluated when used
    // ("from_file sf-y"); a set_fact wins over a later include_vars ("after sf");
    // recap ok=8 changed=0
    String out = r.out();
    assertTrue(out.contains("ok: [h1] => from_file from_file-y 1"), out);
    assertTrue(out.contains("ok: [h1] => task from_file"), out);
    assertTrue(out.contains("ok: [h1] => from_file sf-y"), out);
    assertTrue(out.contains("ok: [h1] => after sf"), out);
    assertTrue(out.matches("(?s).*h1 +: ok=8 +changed=0 +unreachable=0 +failed=0 .*"), out);
  }

  @Test
  void aRolesTaskFindsItsFileInTheRoleAndADirIsReadInAnsiblesOrder() throws Exception {
    write("roles/r1/tasks/main.yml", "- include_vars: b.yml\n- include_vars: t.yml\n");
    write("roles/r1/vars/b.yml", "rv: from_role_vars\n");
    write("roles/r1/tasks/t.yml", "tv: in_tasks_dir\n");
    write("d/one.yml", "d1: 1\n");
    write("d/two.yaml", "d2: 2\n");
    write("d/four.json", "{\"dj\": 4}\n");
    write("d/inner/three.yml", "d3: 3\n");
    CliRun r =
        run(
            """
            - hosts: all
              gather_facts: false
              roles: [r1]
              tasks:
                - include_vars: { dir: d }
                  register: dd
                - debug: { msg: "{{ rv }} {{ tv }} {{ d1 + d2 + d3 + dj }}" }
                - debug: { msg: "{{ dd.ansible_included_var_files | map('basename') | join(',') }}" }
                - include_vars: { dir: d, depth: 1, files_matching: "^t" }
                  register: dd2
                - debug: { msg: "{{ dd2.ansible_facts | to_json }}" }
            """);
    assertEquals(0, r.exitCode(), r.toString());
    // ansible-playbook: the role's vars/ and its tasks/ directory are searched; a dir's files
    // are four.json, one.yml, two.yaml, then inner/three.yml; depth 1 with "^t" reads two.yaml
    // alone: {"d2": 2}; recap ok=7
    String out = r.out();
    assertTrue(out.contains("ok: [h1] => from_role_vars in_tasks_dir 10"), out);
    assertTrue(out.contains("ok: [h1] => four.json,one.yml,two.yaml,three.yml"), out);
    assertTrue(out.contains("ok: [h1] => {\"d2\": 2}"), out);
    assertTrue(out.matches("(?s).*h1 +: ok=7 +changed=0 .*"), out);
  }

  @Test
  void aTemplatedNameIsFoundWhenTheTaskRuns() throws Exception {
    write("vars/linux.yml", "pages: 512\n");
    CliRun r =
        run(
            """
            - hosts: all
              gather_facts: false
              vars: { os: linux }
              tasks:
                - include_vars: "{{ os }}.yml"
                - debug: { msg: "pages {{ pages }}" }
            """);
    assertEquals(0, r.exitCode(), r.toString());
    assertTrue(r.out().contains("ok: [h1] => pages 512"), r.out());
  }

  @Test
  void aMissingFileIsRefusedAtLoad() throws Exception {
    CliRun r =
        run(
            """
            - hosts: all
              gather_facts: false
              tasks:
                - debug: { msg: first }
                - include_vars: nothere.yml
            """);
    // ansible-playbook fails the task when it runs ("Could not find or access 'nothere.yml'");
    // pagetune refuses the playbook before any host runs
    assertEquals(4, r.exitCode(), r.toString());
    assertTrue(r.err().contains("site.yml:5:") && r.err().contains("nothere.yml"), r.toString());
    assertTrue(!r.out().contains("first"), r.out());
  }

  @Test
  void aVarsFileIsCheckedInItsLanguageAtLoad() throws Exception {
    write("vars/bad.yml", "x: \"{{ [1, 2] | truncate([3]) }}\"\n");
    CliRun r =
        run(
            """
            - hosts: all
              gather_facts: false
              tasks:
                - include_vars: bad.yml
            """);
    assertEquals(4, r.exitCode(), r.toString());
    assertTrue(r.err().contains("bad.yml:1:") && r.err().contains("truncate"), r.toString());
  }
}
