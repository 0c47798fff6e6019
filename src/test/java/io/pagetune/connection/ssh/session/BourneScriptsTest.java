package io.pagetune.connection.ssh.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.connection.AtomicInstall;
import io.pagetune.connection.ShellQuote;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The scripts pagetune sends to a host's shell use Bourne syntax only, since Solaris 10's {@code
 * /bin/sh} has no {@code $(...)}: no such construct in the text, and each runs under every strict
 * POSIX or Korn shell installed here (dash and {@link io.pagetune.testing.OtherShells}).
 */
class BourneScriptsTest {
  @TempDir Path dir;

  /** Each installed shell as the argv prefix that runs a script given as one argument. */
  static Stream<List<String>> shells() {
    return io.pagetune.testing.OtherShells.scriptRunners()
        .map(
            runner -> {
              List<String> argv = new ArrayList<>(runner);
              argv.add("-c");
              return argv;
            });
  }

  private static java.util.Optional<Path> onPath(String name) {
    for (String d : System.getenv().getOrDefault("PATH", "/usr/bin:/bin").split(":")) {
      Path p = Path.of(d, name);
      if (Files.isExecutable(p)) {
        return java.util.Optional.of(p);
      }
    }
    return java.util.Optional.empty();
  }

  private static String run(List<String> shell, String script) throws Exception {
    List<String> argv = new ArrayList<>(shell);
    argv.add(script);
    Process p = new ProcessBuilder(argv).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(30, TimeUnit.SECONDS));
    return out;
  }

  private static String chainWithOwner(Path target) {
    return AtomicInstall.chain(5, false, 0600, "root", "root", target.toString());
  }

  @Test
  void noScriptUsesDollarParenthesisSubstitution() {
    for (String script :
        List.of(
            chainWithOwner(Path.of("/x")),
            AtomicInstall.chain(5, true, 0644, "a", "b", "/x"),
            RemoteProcess.killScript(42),
            IdNames.script(List.of(new IdNames.Id("passwd", 0))))) {
      assertFalse(script.contains("$("), script);
      assertFalse(script.contains("command -v"), script);
    }
  }

  @Test
  void atLeastDashIsHereToRunThem() {
    Assumptions.assumeTrue(onPath("dash").isPresent(), "dash not installed");
    assertTrue(shells().findAny().isPresent());
  }

  @ParameterizedTest
  @MethodSource("shells")
  void theInstallChainChecksTheLengthAndOwnerThenRenames(List<String> shell) throws Exception {
    Assumptions.assumeTrue("root".equals(System.getProperty("user.name")), "owner check as root");
    Path target = Files.writeString(dir.resolve("limits.conf"), "old\n");
    Path tmp = Files.writeString(dir.resolve(".limits.conf.pagetune-1"), "new!\n");
    String t = "t=" + ShellQuote.quote(tmp.toString()) + "; ";
    String out =
        run(shell, t + "if " + chainWithOwner(target) + "; then echo installed; else echo no; fi");
    assertEquals("installed\n", out);
    assertEquals("new!\n", Files.readString(target));
    Path shortTmp = Files.writeString(dir.resolve(".limits.conf.pagetune-2"), "ne");
    String refused =
        run(
            shell,
            "t="
                + ShellQuote.quote(shortTmp.toString())
                + "; if "
                + chainWithOwner(target)
                + "; then echo installed; else echo no; fi");
    assertEquals("no\n", refused);
    assertEquals("new!\n", Files.readString(target));
  }

  @ParameterizedTest
  @MethodSource("shells")
  void theIdLookupNamesRootAndNothingForAnUnknownId(List<String> shell) throws Exception {
    String script =
        IdNames.script(
            List.of(
                new IdNames.Id("passwd", 0),
                new IdNames.Id("group", 1_999_999_997),
                new IdNames.Id("group", 0)));
    assertEquals("=root\n=\n=root\n", run(shell, script));
    // a host without getent (AIX): the files, read by awk; the shell's IFS is as it was after
    Path bin = Files.createDirectories(dir.resolve("bin"));
    Files.createSymbolicLink(bin.resolve("awk"), onPath("awk").orElseThrow());
    String withoutGetent =
        "PATH=" + ShellQuote.quote(bin.toString()) + "; " + script + "; set -- a:b; echo $#";
    assertEquals("=root\n=\n=root\n1\n", run(shell, withoutGetent));
  }

  @ParameterizedTest
  @MethodSource("shells")
  void theKillScriptEndsTheWholeTree(List<String> shell) throws Exception {
    String marker = "700." + System.nanoTime() % 1_000_000;
    // a parent shell with a child sleep, not in a group of its own (as under a session shell)
    Process tree = new ProcessBuilder("/bin/sh", "-c", "sleep " + marker + "; true").start();
    try {
      for (int i = 0;
          i < 50 && io.pagetune.connection.ssh.SshConnectionTest.pgrep("sleep " + marker).isEmpty();
          i++) {
        Thread.sleep(100);
      }
      assertFalse(
          io.pagetune.connection.ssh.SshConnectionTest.pgrep("sleep " + marker).isEmpty(),
          "the tree started");
      run(shell, RemoteProcess.killScript(tree.pid()));
      assertTrue(tree.waitFor(10, TimeUnit.SECONDS), "the parent ended");
      assertEquals("", io.pagetune.connection.ssh.SshConnectionTest.pgrep("sleep " + marker));
    } finally {
      tree.destroyForcibly();
    }
  }
}
