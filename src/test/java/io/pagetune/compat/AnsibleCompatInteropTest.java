package io.pagetune.compat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.testing.OpenSshFixture;
import io.pagetune.testing.SshServerExtension;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Acceptance 1 of issue 22: ansible-playbook (Debian's ansible, with ansible.posix and
 * community.general) and pagetune run the same corpus (src/test/resources/ansiblecompat: task files
 * and roles in the style of real sysctl, limits, THP and huge-page content, and Jinja expressions)
 * on the same loopback OpenSSH host. Every entry is equal in both tools or refused by pagetune at
 * load; none may differ silently. The summary (counts, percentages, refusals by reason) goes to
 * target/ansible-compat/summary.txt and stdout; compat/run.sh reruns it.
 */
@Tag("interop")
class AnsibleCompatInteropTest {
  static final Path CORPUS = Path.of("src/test/resources/ansiblecompat");
  static final Path OUT = Path.of("target/ansible-compat");

  @RegisterExtension final SshServerExtension ssh = new SshServerExtension();

  @Test
  void everyTaskFileRoleAndExpressionIsEqualOrRefusedAtLoad() throws Exception {
    Assumptions.assumeTrue(OpenSshFixture.available(), "openssh-server is not installed");
    Assumptions.assumeTrue(CompatTools.ansibleAvailable(), "ansible is not installed");
    List<CorpusEntry> entries = TaskFileHarness.entries(CORPUS);
    assertTrue(entries.stream().filter(e -> !e.role()).count() >= 40, "at least 40 task files");
    assertTrue(entries.stream().filter(CorpusEntry::role).count() >= 8, "at least 8 roles");
    assertTrue(ExpressionHarness.expressions(CORPUS).size() >= 500, "at least 500 expressions");

    Path work = OUT.resolve("run").toAbsolutePath();
    CompatFiles.delete(work);
    Files.createDirectories(work);
    Path controlDir = Files.createTempDirectory("pt-cp");
    try (OpenSshFixture sshd = ssh.startOpenSsh("sshd", true)) {
      CompatTools tools = new CompatTools(work, ssh.knownHosts(), controlDir);
      TaskFileHarness files =
          new TaskFileHarness(CORPUS, work, tools, sshd.port(), ssh.user(), ssh.clientKey());
      // the two parts run at the same time: each mostly waits on its ansible-playbook
      CompletableFuture<List<Verdict>> expressions =
          CompletableFuture.supplyAsync(
              () -> {
                try {
                  return new ExpressionHarness(CORPUS, work, tools).run();
                } catch (java.io.IOException e) {
                  throw new java.io.UncheckedIOException(e);
                }
              });
      List<Verdict> fileVerdicts = files.run();
      List<Verdict> exprVerdicts = expressions.join();
      String summary = CompatSummary.of(ansibleVersion(work), fileVerdicts, exprVerdicts);
      Files.writeString(OUT.resolve("summary.txt"), summary);
      System.out.println(summary);
      assertEquals(List.of(), files.corpusErrors(), "corpus entries ansible-playbook did not run");
      assertEquals(
          0,
          CompatSummary.count(fileVerdicts, Verdict.Kind.SILENT_DIFFERENCE)
              + CompatSummary.count(exprVerdicts, Verdict.Kind.SILENT_DIFFERENCE),
          "silent differences (see target/ansible-compat/summary.txt):\n" + summary);
    } finally {
      CompatFiles.delete(controlDir);
    }
  }

  private static String ansibleVersion(Path work) {
    ProcessOutput v =
        ProcessOutput.run(
            List.of(CompatTools.ANSIBLE_PLAYBOOK.toString(), "--version"),
            java.util.Map.of("PATH", "/usr/bin:/bin", "HOME", work.toString()),
            work,
            "ansible-version",
            java.time.Duration.ofSeconds(60));
    return v.stdout().lines().findFirst().orElse("ansible-playbook");
  }
}
