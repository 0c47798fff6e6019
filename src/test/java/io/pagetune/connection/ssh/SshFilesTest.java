package io.pagetune.connection.ssh;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.connection.Become;
import io.pagetune.connection.ConnectionException;
import io.pagetune.connection.FileMeta;
import io.pagetune.connection.PutOptions;
import io.pagetune.testing.SshServerExtension;
import io.pagetune.testing.TestSshHost;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributes;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SshFilesTest {
  @RegisterExtension final SshServerExtension ssh = new SshServerExtension();

  /** Whether commands and writes may use the host's shell session (a subclass turns it off). */
  boolean shellSession() {
    return true;
  }

  private SshConnection open(TestSshHost host) {
    return (SshConnection)
        new SshConnectionFactory(ssh.settings().withShellSession(shellSession()))
            .open(ssh.spec("db1", host));
  }

  @ParameterizedTest(name = "sftp={0}")
  @ValueSource(booleans = {true, false})
  void putReadStatRoundTripKeepsModeAndContent(boolean sftp) throws Exception {
    TestSshHost host = ssh.start(TestSshHost.Options.defaults().withSftp(sftp));
    Path target = host.workDir().resolve("etc/sysctl.d/90-hugepages.conf");
    Files.createDirectories(target.getParent());
    byte[] binary = new byte[70_000];
    new Random(7).nextBytes(binary);
    try (SshConnection c = open(host)) {
      assertTrue(c.read(target.toString(), Become.NONE).isEmpty());
      assertTrue(c.stat(target.toString(), Become.NONE).isEmpty());

      c.put(binary, target.toString(), new PutOptions(0640, null, null, Become.NONE));
      assertArrayEquals(binary, Files.readAllBytes(target));
      assertEquals(
          "rw-r-----", PosixFilePermissions.toString(Files.getPosixFilePermissions(target)));
      assertArrayEquals(binary, c.read(target.toString(), Become.NONE).orElseThrow());

      FileMeta meta = c.stat(target.toString(), Become.NONE).orElseThrow();
      PosixFileAttributes local = Files.readAttributes(target, PosixFileAttributes.class);
      assertEquals(FileMeta.Type.FILE, meta.type());
      assertEquals(0640, meta.mode());
      assertEquals(binary.length, meta.size());
      assertEquals(local.owner().getName(), meta.owner());
      assertEquals(local.group().getName(), meta.group());
      assertEquals(sftp, c.usesSftp());

      // a second put without mode keeps the existing mode
      byte[] text = "vm.nr_hugepages = 1024\n".getBytes(StandardCharsets.UTF_8);
      c.put(text, target.toString(), PutOptions.DEFAULT);
      assertArrayEquals(text, Files.readAllBytes(target));
      assertEquals(0640, c.stat(target.toString(), Become.NONE).orElseThrow().mode());

      FileMeta dir = c.stat(target.getParent().toString(), Become.NONE).orElseThrow();
      assertEquals(FileMeta.Type.DIRECTORY, dir.type());
      assertNoTempFiles(target.getParent());
    }
  }

  @ParameterizedTest(name = "sftp={0}")
  @ValueSource(booleans = {true, false})
  void putSetsOwnerAndGroupAndKeepsThemOnRewrite(boolean sftp) throws Exception {
    Assumptions.assumeTrue("root".equals(System.getProperty("user.name")), "chown needs root");
    TestSshHost host = ssh.start(TestSshHost.Options.defaults().withSftp(sftp));
    Path target = host.workDir().resolve("startserv");
    try (SshConnection c = open(host)) {
      c.put(
          "one\n".getBytes(StandardCharsets.UTF_8),
          target.toString(),
          new PutOptions(0755, "nobody", "nogroup", Become.NONE));
      FileMeta meta = c.stat(target.toString(), Become.NONE).orElseThrow();
      assertEquals("nobody", meta.owner());
      assertEquals("nogroup", meta.group());
      assertEquals(0755, meta.mode());
      c.put("two\n".getBytes(StandardCharsets.UTF_8), target.toString(), PutOptions.DEFAULT);
      FileMeta again = c.stat(target.toString(), Become.NONE).orElseThrow();
      assertEquals("nobody", again.owner());
      assertEquals("nogroup", again.group());
      assertEquals(0755, again.mode());
      assertEquals("two\n", Files.readString(target));
    }
  }

  @ParameterizedTest(name = "sftp={0}")
  @ValueSource(booleans = {true, false})
  void statsSymlinksWithoutFollowingThem(boolean sftp) throws Exception {
    TestSshHost host = ssh.start(TestSshHost.Options.defaults().withSftp(sftp));
    Path link = host.workDir().resolve("link");
    Files.createSymbolicLink(link, host.workDir().resolve("nowhere"));
    try (SshConnection c = open(host)) {
      assertEquals(
          FileMeta.Type.SYMLINK, c.stat(link.toString(), Become.NONE).orElseThrow().type());
    }
  }

  @Test
  void connectionDroppedMidUploadLeavesTheTargetUntouched() throws Exception {
    TestSshHost host = ssh.start();
    Path target = host.workDir().resolve("profile");
    Files.writeString(target, "old content\n");
    byte[] big = new byte[4 * 1024 * 1024];
    new Random(1).nextBytes(big);
    host.killSessionsAfterSftpBytes(1024 * 1024);
    try (SshConnection c = open(host)) {
      ConnectionException e =
          assertThrows(
              ConnectionException.class, () -> c.put(big, target.toString(), PutOptions.DEFAULT));
      assertTrue(e.getMessage().contains("db1"), e.getMessage());
      assertTrue(e.getMessage().contains("dropped"), e.getMessage());
    }
    assertEquals("old content\n", Files.readString(target));
    try (Stream<Path> files = Files.list(host.workDir())) {
      for (Path p : files.toList()) {
        if (!p.equals(target)) {
          assertTrue(p.getFileName().toString().startsWith(".profile.pagetune-"), p.toString());
        }
      }
    }
  }

  @Test
  void serverStoppedMidUploadOverExecLeavesTheTargetUntouched() throws Exception {
    TestSshHost host = ssh.start(TestSshHost.Options.defaults().withSftp(false));
    Path target = host.workDir().resolve("profile");
    Files.writeString(target, "old content\n");
    byte[] big = new byte[32 * 1024 * 1024];
    new Random(2).nextBytes(big);
    try (SshConnection c = open(host)) {
      Thread killer =
          new Thread(
              () -> {
                try {
                  // wait until the upload's temp file has started to grow
                  for (int i = 0; i < 400 && tempSize(host.workDir()) < 1024 * 1024; i++) {
                    Thread.sleep(10);
                  }
                } catch (Exception ignored) {
                  // stop anyway
                }
                host.stop();
              });
      killer.start();
      long t0 = System.nanoTime();
      ConnectionException e =
          assertThrows(
              ConnectionException.class, () -> c.put(big, target.toString(), PutOptions.DEFAULT));
      assertTrue(e.getMessage().startsWith("db1: connection dropped"), e.getMessage());
      assertTrue(Duration.ofNanos(System.nanoTime() - t0).toSeconds() < 10, "noticed late");
      killer.join();
    }
    assertEquals("old content\n", Files.readString(target));
  }

  private static long tempSize(Path dir) throws Exception {
    try (Stream<Path> files = Files.list(dir)) {
      long max = 0;
      for (Path p : files.toList()) {
        if (p.getFileName().toString().contains(".pagetune-")) {
          max = Math.max(max, Files.size(p));
        }
      }
      return max;
    }
  }

  private static void assertNoTempFiles(Path dir) throws Exception {
    try (Stream<Path> files = Files.list(dir)) {
      List<Path> temps =
          files.filter(p -> p.getFileName().toString().contains(".pagetune-")).toList();
      assertFalse(!temps.isEmpty(), "temp files left: " + temps);
    }
  }
}
