package io.pagetune.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.testing.CliRun;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code include_tasks: "{{ family }}.yml"}: the name is rendered per host (and per loop item) when
 * the run reaches it, as ansible-core does; every file it can match is read at load. Each recap
 * cited is ansible-playbook 2.14.18's on the same files.
 */
class TemplatedIncludeRunTest {
  @TempDir Path tmp;

  private CliRun run(String playbook) throws Exception {
    Files.writeString(
        tmp.resolve("hosts.ini"),
        "h1 ansible_connection=local family=RedHat\n"
            + "h2 ansible_connection=local family=Debian\n"
            + "h3 ansible_connection=local family=Suse\n");
    Files.writeString(tmp.resolve("RedHat.yml"), "- name: redhat task\n  debug: { msg: 'rh' }\n");
    Files.writeString(
        tmp.resolve("Debian.yml"),
        "- name: debian task\n  debug: { msg: 'deb' }\n- name: second\n  command: echo deb\n");
    Path book = Files.writeString(tmp.resolve("site.yml"), playbook);
    return CliRun.of(
        "run",
        book.toString(),
        "-i",
        tmp.resolve("hosts.ini").toString(),
        "--state",
        "none",
        "--progress",
        "none");
  }

  private static void assertRecap(CliRun r, String host, String counts) {
    assertTrue(
        r.out().matches("(?s).*\\n" + host + " +: " + counts.replace(" ", " +") + "\\b.*"),
        r.out());
  }

  @Test
  void eachHostIncludesTheFileItsNameRendersTo() throws Exception {
    CliRun r =
        run(
            """
            - hosts: all
              gather_facts: false
              tasks:
                - name: by family
                  include_tasks: "{{ family }}.yml"
                - name: after
                  debug: { msg: after }
                - name: per item
                  include_tasks: "{{ item }}.yml"
                  loop: [Debian, RedHat, Debian]
            """);
    assertEquals(2, r.exitCode(), r.toString());
    // ansible-playbook: a file included twice with the same item runs twice; no Suse.yml: h3
    // fails at the include, which is then not counted ok
    assertRecap(r, "h1", "ok=11 changed=2 unreachable=0 failed=0");
    assertRecap(r, "h2", "ok=12 changed=3 unreachable=0 failed=0");
    assertRecap(r, "h3", "ok=0 changed=0 unreachable=0 failed=1");
    assertTrue(r.out().contains("included: RedHat.yml for h1"), r.out());
    assertTrue(
        r.out().contains("Could not find or access '" + tmp.toRealPath() + "/Suse.yml'")
            || r.out().contains("Could not find or access '" + tmp + "/Suse.yml'"),
        r.out());
  }

  /** The playbook beside the task files matches the name too; only a host it names fails. */
  @Test
  void aMatchingFileThatIsNoTaskFileFailsOnlyTheHostThatNamesIt() throws Exception {
    CliRun r =
        run(
            """
            - hosts: h1,h2
              gather_facts: false
              tasks:
                - include_tasks: "{{ 'site' if inventory_hostname == 'h2' else family }}.yml"
            """);
    assertEquals(2, r.exitCode(), r.toString());
    assertRecap(r, "h1", "ok=2 changed=0 unreachable=0 failed=0");
    assertRecap(r, "h2", "ok=0 changed=0 unreachable=0 failed=1");
  }

  /**
   * The usual role layout: tasks/main.yml picks tasks/<family>.yml (main.yml itself, which
   * includes, is never a candidate); a name may also start from {@code playbook_dir}.
   */
  @Test
  void aRoleIncludesItsTaskFileByName() throws Exception {
    Path tasks = Files.createDirectories(tmp.resolve("roles/tune/tasks"));
    Files.writeString(
        tasks.resolve("main.yml"),
        "- include_tasks: \"{{ family }}.yml\"\n"
            + "- include_tasks: \"{{ playbook_dir }}/roles/tune/tasks/{{ family }}.yml\"\n");
    Files.writeString(
        tasks.resolve("RedHat.yml"), "- debug: { msg: 'rh {{ inventory_hostname }}' }\n");
    Files.writeString(tasks.resolve("Debian.yml"), "- debug: { msg: deb }\n");
    CliRun r =
        run(
            """
            - hosts: h1,h2
              gather_facts: false
              roles: [tune]
            """);
    assertEquals(0, r.exitCode(), r.toString());
    assertRecap(r, "h1", "ok=4 changed=0 unreachable=0 failed=0");
    assertRecap(r, "h2", "ok=4 changed=0 unreachable=0 failed=0");
    assertTrue(r.out().contains("rh h1"), r.out());
  }

  @Test
  void aNameNoFileMatchesIsRefusedAtLoad() throws Exception {
    CliRun r =
        run(
            """
            - hosts: all
              gather_facts: false
              tasks:
                - include_tasks: "tuning/{{ family }}.yml"
            """);
    assertEquals(4, r.exitCode(), r.toString());
    assertTrue(r.err().contains("site.yml:4:22: include_tasks: no file below"), r.toString());
    assertFalse(r.out().contains("TASK"), r.toString());
  }
}
