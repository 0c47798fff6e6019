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
 * {@code meta: end_host} and {@code meta: end_play} as ansible-playbook 2.14.18 runs them, each
 * playbook run by both side by side: no meta result is counted, a host ended runs no further task,
 * handler, always or batch of the play, {@code end_play} is decided on the first host still running
 * only, and the next play runs on every host. ansible-playbook leaves a host with nothing counted
 * out of its recap; pagetune lists it with zeros, so the zeros are asserted where it has none.
 */
class MetaEndRunTest {
  @TempDir Path tmp;

  private CliRun run(int hosts, String playbook) throws Exception {
    StringBuilder inv = new StringBuilder();
    for (int i = 1; i <= hosts; i++) {
      inv.append("h").append(i).append(" ansible_connection=local\n");
    }
    Path i = Files.writeString(tmp.resolve("hosts.ini"), inv);
    Path book = Files.writeString(tmp.resolve("site.yml"), playbook);
    return CliRun.of(
        "run", book.toString(), "-i", i.toString(), "--state", "none", "--progress", "none");
  }

  private static void assertRecap(CliRun r, String host, String counts) {
    assertTrue(
        r.out().matches("(?s).*\\n" + host + " +: " + counts.replace(" ", " +") + "\\b.*"),
        r.out());
  }

  @Test
  void endHostAndEndPlayStopThePlayButNotTheNextOne() throws Exception {
    CliRun r =
        run(
            2,
            """
            - hosts: all
              gather_facts: false
              tasks:
                - name: notify
                  command: echo
                  notify: hh
                - name: end for h1
                  meta: end_host
                  when: inventory_hostname == 'h1'
                - name: after end_host
                  debug: { msg: after }
                - name: end all
                  ansible.builtin.meta: end_play
                  when: inventory_hostname == 'h2'
                - name: after end_play
                  debug: { msg: never }
              post_tasks:
                - debug: { msg: post }
              handlers:
                - name: hh
                  debug: { msg: handler ran }
            - hosts: all
              gather_facts: false
              tasks:
                - debug: { msg: second play }
            """);
    assertEquals(0, r.exitCode(), r.toString());
    // ansible-playbook: "skipping: [h2]" under end_host (not counted), "after" on h2 only,
    // end_play decided on h2 (the only host left) ends the play: no "never", no post_tasks, the
    // notified handler never runs; the second play runs on both. h1 ok=2 changed=1, h2 ok=3
    // changed=1, skipped=0 on both
    assertRecap(r, "h1", "ok=2 changed=1 unreachable=0 failed=0 skipped=0");
    assertRecap(r, "h2", "ok=3 changed=1 unreachable=0 failed=0 skipped=0");
    String out = r.out();
    assertTrue(out.contains("skipping: [h2]"), out);
    assertFalse(out.contains("skipping: [h1]"), out);
    assertFalse(out.contains("ok: [h1] => after"), out);
    assertTrue(out.contains("ok: [h2] => after"), out);
    for (String never : new String[] {"never", "=> post", "handler ran"}) {
      assertFalse(out.contains(never), out);
    }
    assertTrue(out.contains("ok: [h1] => second play"), out);
  }

  @Test
  void endPlayIsDecidedOnTheFirstHostStillRunning() throws Exception {
    CliRun r =
        run(
            3,
            """
            - hosts: all
              gather_facts: false
              tasks:
                - name: end when h2
                  meta: end_play
                  when: inventory_hostname == 'h2'
                - name: end when h1
                  meta: end_play
                  when: inventory_hostname == 'h1'
                - debug: { msg: never }
            """);
    assertEquals(0, r.exitCode(), r.toString());
    // ansible-playbook: "skipping: [h1]" only (h2 and h3 never evaluate it), then the second
    // end_play ends the play on all three; nothing counted (its recap lists no host)
    assertTrue(r.out().contains("skipping: [h1]"), r.out());
    assertFalse(r.out().contains("skipping: [h2]"), r.out());
    assertFalse(r.out().contains("never"), r.out());
    for (String h : new String[] {"h1", "h2", "h3"}) {
      assertRecap(r, h, "ok=0 changed=0 unreachable=0 failed=0 skipped=0");
    }
  }

  @Test
  void endPlayEndsTheRemainingBatchesToo() throws Exception {
    CliRun r =
        run(
            3,
            """
            - hosts: all
              gather_facts: false
              serial: 1
              tasks:
                - debug: { msg: "batch ${inventory_hostname}" }
                - meta: end_play
                  when: inventory_hostname == 'h2'
            - hosts: all
              gather_facts: false
              tasks:
                - debug: { msg: second }
            """);
    assertEquals(0, r.exitCode(), r.toString());
    // ansible-playbook: batch h1 (its end_play skipped), batch h2 ends the play, h3's batch never
    // starts; the second play runs on all three. h1 ok=2, h2 ok=2, h3 ok=1
    assertRecap(r, "h1", "ok=2 changed=0 unreachable=0 failed=0 skipped=0");
    assertRecap(r, "h2", "ok=2 changed=0 unreachable=0 failed=0 skipped=0");
    assertRecap(r, "h3", "ok=1 changed=0 unreachable=0 failed=0 skipped=0");
    assertFalse(r.out().contains("batch h3"), r.out());
  }

  @Test
  void aHostEndedInABlockRunsNeitherItsRescueNorItsAlways() throws Exception {
    CliRun r =
        run(
            2,
            """
            - hosts: all
              gather_facts: false
              tasks:
                - block:
                    - meta: end_host
                      when: inventory_hostname == 'h1'
                    - debug: { msg: in block }
                  rescue:
                    - debug: { msg: rescue }
                  always:
                    - debug: { msg: always }
                - debug: { msg: after }
            """);
    assertEquals(0, r.exitCode(), r.toString());
    // ansible-playbook: h1 shows nothing more and is not in the recap; h2 ok=3 (in block,
    // always, after), its end_host skip not counted
    assertRecap(r, "h1", "ok=0 changed=0 unreachable=0 failed=0 skipped=0");
    assertRecap(r, "h2", "ok=3 changed=0 unreachable=0 failed=0 skipped=0");
    assertFalse(r.out().contains("ok: [h1]"), r.out());
  }

  @Test
  void aBlocksConditionReachesEndHost() throws Exception {
    CliRun r =
        run(
            1,
            """
            - hosts: all
              gather_facts: false
              tasks:
                - block:
                    - ansible.builtin.meta: end_host
                  when: inventory_hostname == 'nobody'
                - debug: { msg: still here }
            """);
    assertEquals(0, r.exitCode(), r.toString());
    // ansible-playbook: the block's when is end_host's too: "skipping: [h1]", then "still here";
    // ok=1 skipped=0
    assertRecap(r, "h1", "ok=1 changed=0 unreachable=0 failed=0 skipped=0");
    assertTrue(r.out().contains("ok: [h1] => still here"), r.out());
  }
}
