package io.pagetune.connection.ssh.session;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.connection.AtomicWriteScript;
import io.pagetune.connection.Become;
import io.pagetune.connection.PosixCksum;
import io.pagetune.connection.PutOptions;
import io.pagetune.connection.ssh.SshConnectionTest;
import io.pagetune.testing.SshServerExtension;
import io.pagetune.testing.TestSshHost;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A write over the host's shell session costs one round trip (no exec channel, no SFTP request),
 * lands byte for byte with its mode and owner, and leaves the target as it was on any failure.
 */
class SessionWriteTest {
  @RegisterExtension final SshServerExtension ssh = new SshServerExtension();

  private SessionHost open(TestSshHost host, boolean shellSession) throws Exception {
    return SessionHost.open(ssh, host, shellSession, Optional.empty());
  }

  /** Round trips the server and the session saw so far. */
  private record Trips(int exec, int sftp, int session) {
    static Trips of(TestSshHost host, SessionHost c) {
      return new Trips(host.execRequests(), host.sftpRequests(), c.sessionCommands());
    }

    Trips since(Trips before) {
      return new Trips(exec - before.exec, sftp - before.sftp, session - before.session);
    }

    int total() {
      return exec + sftp + session;
    }
  }

  private static void assertNoTempFiles(Path dir) throws Exception {
    try (Stream<Path> files = Files.list(dir)) {
      assertEquals(
          List.of(), files.filter(f -> f.getFileName().toString().contains(".pagetune-")).toList());
    }
  }

  private static String perms(Path p) throws Exception {
    return PosixFilePermissions.toString(Files.getPosixFilePermissions(p));
  }

  @Test
  void oneChangedWriteCostsOneRoundTripOnTheSessionAgainstSeveralBefore() throws Exception {
    TestSshHost host = ssh.start(TestSshHost.Options.defaults().withSftp(true));
    Path target = Files.writeString(host.workDir().resolve("90-hugepages.conf"), "old\n");
    Files.setPosixFilePermissions(target, PosixFilePermissions.fromString("rw-r-----"));
    byte[] first = "vm.nr_hugepages = 1024\n".getBytes(StandardCharsets.UTF_8);
    byte[] second = "vm.nr_hugepages = 2048\n".getBytes(StandardCharsets.UTF_8);

    Trips before;
    try (SessionHost c = open(host, false)) {
      c.put(first, target.toString(), PutOptions.DEFAULT); // opens the SFTP channel
      Trips start = Trips.of(host, c);
      c.put(second, target.toString(), PutOptions.DEFAULT);
      before = Trips.of(host, c).since(start);
      assertArrayEquals(second, Files.readAllBytes(target));
    }
    Trips after;
    try (SessionHost c = open(host, true)) {
      c.run(io.pagetune.connection.RemoteCommand.argv("true"), java.time.Duration.ofSeconds(20));
      Trips start = Trips.of(host, c);
      c.put(first, target.toString(), PutOptions.DEFAULT);
      after = Trips.of(host, c).since(start);
      assertArrayEquals(first, Files.readAllBytes(target));
      assertEquals(1, c.shellSessionsOpened());
      // what the journal reads first (StepRunner: stat, then the content the write replaces)
      Trips beforeJournal = Trips.of(host, c);
      c.stat(target.toString(), Become.NONE);
      c.read(target.toString(), Become.NONE);
      System.out.println("journal's stat and read: " + Trips.of(host, c).since(beforeJournal));
    }
    System.out.println("round trips of one changed write: before " + before + ", after " + after);
    assertEquals(new Trips(0, 0, 1), after);
    assertTrue(before.total() >= 5, "before: " + before);
    assertEquals("rw-r-----", perms(target), "the mode of the replaced file is kept");
    assertNoTempFiles(target.getParent());
  }

  @Test
  void everyByteValueAndContentLargerThanOnePrintfLandExactly() throws Exception {
    TestSshHost host = ssh.start(TestSshHost.Options.defaults().withSftp(false));
    Path dir = Files.createDirectories(host.workDir().resolve("etc"));
    byte[] content = new byte[100_000];
    new Random(12).nextBytes(content);
    for (int i = 0; i < 256; i++) {
      content[i] = (byte) i;
    }
    try (SessionHost c = open(host, true)) {
      c.put(content, dir.resolve("blob").toString(), new PutOptions(0600, null, null, null));
      assertArrayEquals(content, Files.readAllBytes(dir.resolve("blob")));
      assertEquals("rw-------", perms(dir.resolve("blob")));

      String text = "-x 100% \\n 'q' \"d\" $HOME `id` %s\n\nno final newline";
      c.put(
          text.getBytes(StandardCharsets.UTF_8),
          dir.resolve("text").toString(),
          PutOptions.DEFAULT);
      assertEquals(text, Files.readString(dir.resolve("text")));
      assertEquals("rw-r--r--", perms(dir.resolve("text")));

      c.put(new byte[0], dir.resolve("text").toString(), PutOptions.DEFAULT);
      assertEquals(0, Files.size(dir.resolve("text")));
      assertEquals(3, c.scriptsOnSession());
      assertEquals(0, host.execRequests() - 1, "only the session's own shell was exec'd");
    }
    assertNoTempFiles(dir);
  }

  @Test
  void ownerAndGroupAreSet() throws Exception {
    Assumptions.assumeTrue("root".equals(System.getProperty("user.name")), "chown needs root");
    TestSshHost host = ssh.start();
    Path target = Files.writeString(host.workDir().resolve("startserv"), "old\n");
    try (SessionHost c = open(host, true)) {
      c.put(
          "new\n".getBytes(StandardCharsets.UTF_8),
          target.toString(),
          new PutOptions(0750, "nobody", "nogroup", Become.NONE));
      PosixFileAttributes a = Files.readAttributes(target, PosixFileAttributes.class);
      assertEquals("nobody", a.owner().getName());
      assertEquals("nogroup", a.group().getName());
      assertEquals("rwxr-x---", perms(target));
      // a rewrite without owner keeps the file's
      c.put("newer\n".getBytes(StandardCharsets.UTF_8), target.toString(), PutOptions.DEFAULT);
      a = Files.readAttributes(target, PosixFileAttributes.class);
      assertEquals("nobody", a.owner().getName());
      assertEquals("nogroup", a.group().getName());
      assertEquals("rwxr-x---", perms(target));
      assertEquals(2, c.scriptsOnSession());
    }
  }

  @Test
  void aReadBackMismatchIsAnErrorAndLeavesTheTarget() throws Exception {
    TestSshHost host = ssh.start();
    Path target = Files.writeString(host.workDir().resolve("limits.conf"), "old\n");
    byte[] content = "oracle soft memlock unlimited\n".getBytes(StandardCharsets.UTF_8);
    AtomicWriteScript right =
        AtomicWriteScript.of(content, target.toString(), null, null, null, "abc123");
    AtomicWriteScript corrupted =
        new AtomicWriteScript(
            content,
            right.path(),
            right.tmp(),
            null,
            null,
            null,
            new PosixCksum(right.expected().crc(), content.length + 1));
    try (SessionHost c = open(host, true)) {
      UncheckedIOException e =
          assertThrows(
              UncheckedIOException.class,
              () -> c.sessionWrite().run(corrupted, PutOptions.DEFAULT));
      String m = e.getCause().getMessage();
      assertTrue(m.startsWith("db1: cannot write " + target + " (exit 5: "), m);
      assertTrue(m.contains("temp file holds cksum"), m);
    }
    assertEquals("old\n", Files.readString(target));
    assertNoTempFiles(target.getParent());
  }

  @Test
  void aChownToAnUnknownUserFailsAndLeavesTheTarget() throws Exception {
    TestSshHost host = ssh.start();
    Path target = Files.writeString(host.workDir().resolve("limits.conf"), "old\n");
    try (SessionHost c = open(host, true)) {
      UncheckedIOException e =
          assertThrows(
              UncheckedIOException.class,
              () ->
                  c.put(
                      "new\n".getBytes(StandardCharsets.UTF_8),
                      target.toString(),
                      new PutOptions(0644, "no-such-user-pt", null, Become.NONE)));
      String m = e.getCause().getMessage();
      assertTrue(m.startsWith("db1: cannot write " + target + " (exit 1: "), m);
      assertTrue(m.contains("no-such-user-pt"), m);
      assertEquals(1, c.scriptsOnSession());
      // the session is still usable
      c.put("ok\n".getBytes(StandardCharsets.UTF_8), target.toString(), PutOptions.DEFAULT);
      assertEquals("ok\n", Files.readString(target));
    }
    assertNoTempFiles(target.getParent());
  }

  @Test
  void aScriptPastItsTimeoutIsKilledAndTheSessionStaysUsable() throws Exception {
    TestSshHost host = ssh.start();
    String marker = "sleep 61." + System.nanoTime() % 1_000_000;
    try (SessionHost c = open(host, true)) {
      ExecChannel.Raw r =
          c.commands()
              .runScriptOnSession(
                  "{\n" + marker + "\n} </dev/null\n",
                  Become.NONE,
                  java.time.Duration.ofSeconds(1),
                  "sleep");
      assertTrue(r.timedOut());
      assertEquals("", SshConnectionTest.pgrep(marker), "the script's process tree was killed");
      assertTrue(
          c.run(io.pagetune.connection.RemoteCommand.argv("true"), java.time.Duration.ofSeconds(9))
              .ok());
      assertEquals(1, c.shellSessionsOpened(), "the session survived the kill");
    }
  }

  @Test
  void aDirectoryIsRefusedWithAClearMessage() throws Exception {
    TestSshHost host = ssh.start();
    Path target = Files.createDirectories(host.workDir().resolve("conf.d"));
    try (SessionHost c = open(host, true)) {
      UncheckedIOException e =
          assertThrows(
              UncheckedIOException.class,
              () -> c.put(new byte[] {1}, target.toString(), PutOptions.DEFAULT));
      assertEquals(
          "db1: cannot write " + target + ": it is a directory", e.getCause().getMessage());
    }
  }

  @Test
  void theLargestRandomContentStillGoesInOneRoundTrip() throws Exception {
    TestSshHost host = ssh.start();
    Path target = host.workDir().resolve("largest");
    byte[] content = new byte[SessionWrite.MAX_BYTES];
    new Random(6).nextBytes(content);
    try (SessionHost c = open(host, true)) {
      long t0 = System.nanoTime();
      c.put(content, target.toString(), PutOptions.DEFAULT);
      System.out.println(
          "a "
              + content.length
              + "-byte random write took "
              + (System.nanoTime() - t0) / 1_000_000
              + " ms on the session");
      assertEquals(1, c.scriptsOnSession());
    }
    assertArrayEquals(content, Files.readAllBytes(target));
    assertNoTempFiles(target.getParent());
  }

  @Test
  void contentAboveTheLimitTakesTheSftpPath() throws Exception {
    TestSshHost host = ssh.start(TestSshHost.Options.defaults().withSftp(true));
    Path target = host.workDir().resolve("big");
    byte[] content = new byte[SessionWrite.MAX_BYTES + 1];
    new Random(5).nextBytes(content);
    try (SessionHost c = open(host, true)) {
      c.put(content, target.toString(), PutOptions.DEFAULT);
      assertEquals(0, c.scriptsOnSession());
      assertTrue(host.sftpRequests() > 0);
      assertTrue(c.usesSftp());
    }
    assertArrayEquals(content, Files.readAllBytes(target));
    assertNoTempFiles(target.getParent());
  }

  private TestSshHost hostWithFakeSudo(boolean nopasswd) throws Exception {
    Path bin = Files.createDirectories(ssh.root().resolve("fake-bin"));
    Path sudo = bin.resolve("sudo");
    Files.copy(SessionWriteTest.class.getResourceAsStream("/connection/ssh/fake-sudo"), sudo);
    Files.setPosixFilePermissions(sudo, PosixFilePermissions.fromString("rwxr-xr-x"));
    Files.writeString(bin.resolve("password"), "s3cret\n");
    if (nopasswd) {
      Files.writeString(bin.resolve("nopasswd"), "");
    }
    return ssh.start(TestSshHost.Options.defaults().withPathPrefix(bin));
  }

  private SessionHost openWithPassword(TestSshHost host) throws Exception {
    return SessionHost.open(ssh, host, true, Optional.of("s3cret"));
  }

  @Test
  void becomeWithoutPasswordWritesOnTheSessionThroughSudoN() throws Exception {
    TestSshHost host = hostWithFakeSudo(true);
    Path target = Files.writeString(host.workDir().resolve("limits.conf"), "old\n");
    try (SessionHost c = openWithPassword(host)) {
      byte[] content = "oracle hard memlock unlimited\n".getBytes(StandardCharsets.UTF_8);
      c.put(content, target.toString(), PutOptions.DEFAULT.withBecome(Become.as("root")));
      assertArrayEquals(content, Files.readAllBytes(target));
      assertEquals(1, c.scriptsOnSession());
    }
    assertNoTempFiles(target.getParent());
  }

  @Test
  void becomeThatNeedsThePasswordTakesTodaysPath() throws Exception {
    TestSshHost host = hostWithFakeSudo(false);
    Path target = Files.writeString(host.workDir().resolve("limits.conf"), "old\n");
    try (SessionHost c = openWithPassword(host)) {
      byte[] content = "oracle hard memlock unlimited\n".getBytes(StandardCharsets.UTF_8);
      c.put(content, target.toString(), PutOptions.DEFAULT.withBecome(Become.as("root")));
      assertArrayEquals(content, Files.readAllBytes(target));
      assertEquals(0, c.scriptsOnSession());
    }
    assertNoTempFiles(target.getParent());
  }
}
