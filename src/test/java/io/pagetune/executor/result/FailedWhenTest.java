package io.pagetune.executor.result;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.testing.CliRun;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * failed_when on a real (local) host through the CLI, registered as Ansible registers it (its
 * TaskExecutor sets {@code failed_when_result} and {@code failed} from the condition, and keeps the
 * module's {@code msg} and {@code changed}).
 */
class FailedWhenTest {
  @TempDir Path tmp;

  private CliRun run(String playbook) throws Exception {
    Path inv = Files.writeString(tmp.resolve("hosts.ini"), "w1 ansible_connection=local\n");
    Path book = Files.writeString(tmp.resolve("site.yml"), playbook);
    return CliRun.of("run", book.toString(), "-i", inv.toString(), "--progress", "none");
  }

  @Test
  void theConditionDecidesAndIsRegisteredBesideTheModulesMessage() throws Exception {
    CliRun r =
        run(
            """
            - hosts: all
              gather_facts: false
              tasks:
                - command: "false"
                  register: out
                  failed_when: false
                - debug:
                    msg: "result=${out.failed_when_result?c} failed=${out.failed?c} msg=${out.msg}"
            """);
    assertEquals(0, r.exitCode(), r.toString());
    assertTrue(
        r.out().contains("result=false failed=false msg=non-zero return code"), r.toString());
  }

  @Test
  void changedWhenDecidesAFailedResultTooAndLoopResultsCarryTheirItem() throws Exception {
    CliRun r =
        run(
            """
            - hosts: all
              gather_facts: false
              tasks:
                - command: "false"
                  register: out
                  changed_when: false
                  ignore_errors: true
                - command: echo ${item}
                  loop: [never, madvise]
                  register: modes
                  changed_when: false
                - debug:
                    msg: "changed=${out.changed?c} items=${modes.results?map(r -> r.item)?join(',')}"
            """);
    assertEquals(0, r.exitCode(), r.toString());
    // ansible-playbook: a failed command under changed_when: false is unchanged, so the recap
    // counts no change; each loop result holds its item, read back as item.item
    assertTrue(r.out().contains("changed=false items=never,madvise"), r.toString());
    assertTrue(r.out().matches("(?s).*w1 +: ok=3 +changed=0 .*ignored=1.*"), r.out());
  }
}
