package io.pagetune.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.testing.CliRun;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code include_tasks} as ansible-playbook 2.14 runs it, measured side by side with it: the
 * include is a task of its own that counts one ok per host it runs on (its tasks count too), its
 * {@code when} is decided once (a false one counts one skip, not one per included task), and the
 * collection-qualified names {@code ansible.builtin.include_tasks}, {@code
 * ansible.builtin.import_tasks} and {@code ansible.builtin.meta} are the same actions.
 */
class IncludeTasksRunTest {
  @TempDir Path tmp;

  private CliRun run(String playbook) throws Exception {
    Path inv = Files.writeString(tmp.resolve("hosts.ini"), "h1 ansible_connection=local\n");
    Files.writeString(
        tmp.resolve("inner.yml"),
        "- name: first inner\n  command: echo one\n- name: second inner\n  command: echo two\n");
    Path book = Files.writeString(tmp.resolve("site.yml"), playbook);
    return CliRun.of(
        "run", book.toString(), "-i", inv.toString(), "--state", "none", "--progress", "none");
  }

  @Test
  void anIncludeCountsOneOkBesideItsTasks() throws Exception {
    CliRun r =
        run(
            """
            - hosts: all
              gather_facts: false
              tasks:
                - name: include
                  include_tasks: inner.yml
                - name: import
                  ansible.builtin.import_tasks: inner.yml
                - name: include by its full name
                  ansible.builtin.include_tasks: inner.yml
                - ansible.builtin.meta: noop
            """);
    assertEquals(0, r.exitCode(), r.toString());
    // ansible-playbook: ok=8 changed=6 (two includes, six commands; an import is not a task)
    assertTrue(r.out().matches("(?s).*h1 +: ok=8 +changed=6 +unreachable=0 +failed=0 .*"), r.out());
  }

  @Test
  void aFalseConditionSkipsTheIncludeOnce() throws Exception {
    CliRun r =
        run(
            """
            - hosts: all
              gather_facts: false
              tasks:
                - name: include
                  include_tasks: inner.yml
                  when: false
            """);
    assertEquals(0, r.exitCode(), r.toString());
    // ansible-playbook: ok=0 skipped=1; the included tasks are never reached
    assertTrue(r.out().matches("(?s).*h1 +: ok=0 +changed=0 .* skipped=1 .*"), r.out());
    assertTrue(!r.out().contains("first inner"), r.out());
  }
}
