package io.pagetune.connection.ssh;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.connection.Become;
import io.pagetune.connection.PutOptions;
import io.pagetune.testing.SshServerExtension;
import io.pagetune.testing.TestSshHost;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** A write over SSH removes the temp files a killed write of the same target left. */
class SshTempFilesTest {
  @RegisterExtension final SshServerExtension ssh = new SshServerExtension();

  @Test
  void aBecomeRootWriteRemovesDayOldStagingFilesOfItsName() throws Exception {
    Path bin = Files.createDirectories(ssh.root().resolve("bin"));
    Path sudo = bin.resolve("sudo");
    Files.copy(SshTempFilesTest.class.getResourceAsStream("/connection/ssh/fake-sudo"), sudo);
    Files.setPosixFilePermissions(sudo, PosixFilePermissions.fromString("rwxr-xr-x"));
    Files.writeString(bin.resolve("nopasswd"), "");
    TestSshHost host = ssh.start(TestSshHost.Options.defaults().withPathPrefix(bin));
    String name = "stage-" + System.nanoTime() + ".conf";
    Path target = host.workDir().resolve(name);
    Path old = Files.writeString(Path.of("/tmp", "." + name + ".pagetune-0badc0de1234"), "x");
    Files.setLastModifiedTime(old, FileTime.from(Instant.now().minus(Duration.ofDays(2))));
    Path recent = Files.writeString(Path.of("/tmp", "." + name + ".pagetune-00000000abcd"), "y");
    try (SshConnection c =
        (SshConnection)
            new SshConnectionFactory(
                    ssh.settings().withSecrets(() -> Optional.of("become-s3cret"), Optional::empty))
                .open(ssh.spec("db1", host))) {
      c.put(
          "memlock\n".getBytes(StandardCharsets.UTF_8),
          target.toString(),
          PutOptions.DEFAULT.withBecome(Become.as("root")));
      assertTrue(Files.exists(recent), "a recent one may belong to a write in progress");
    } finally {
      Files.deleteIfExists(recent);
    }
    assertFalse(Files.exists(old), "a killed write's staging file is removed");
    assertEquals("memlock\n", Files.readString(target));
  }

  @ParameterizedTest(name = "sftp={0}")
  @ValueSource(booleans = {true, false})
  void aWriteRemovesTheStaleTempFilesOfItsTarget(boolean sftp) throws Exception {
    aWriteRemovesTheStaleTempFilesOfItsTarget(sftp, false);
  }

  @Test
  void aWriteOnTheShellSessionRemovesTheStaleTempFilesOfItsTarget() throws Exception {
    aWriteRemovesTheStaleTempFilesOfItsTarget(false, true);
  }

  private void aWriteRemovesTheStaleTempFilesOfItsTarget(boolean sftp, boolean shellSession)
      throws Exception {
    TestSshHost host = ssh.start(TestSshHost.Options.defaults().withSftp(sftp));
    Path dir = Files.createDirectories(host.workDir().resolve("etc/sysctl.d"));
    Path target = dir.resolve("97-hugepages.conf");
    Files.writeString(dir.resolve(".97-hugepages.conf.pagetune-0badc0de1234"), "vm.nr_huge");
    Files.writeString(dir.resolve(".97-hugepages.conf.pagetune-abc"), "");
    Files.writeString(dir.resolve(".98-other.conf.pagetune-0badc0de1234"), "x");
    Files.writeString(dir.resolve(".97-hugepages.conf.pagetune-README"), "not a temp file");

    try (SshConnection c =
        (SshConnection)
            new SshConnectionFactory(ssh.settings().withShellSession(shellSession))
                .open(ssh.spec("db1", host))) {
      c.put(
          "vm.nr_hugepages = 512\n".getBytes(StandardCharsets.UTF_8),
          target.toString(),
          PutOptions.DEFAULT);
      assertEquals(sftp, c.usesSftp());
      assertEquals(shellSession ? 1 : 0, c.scriptsOnSession());
    }

    try (Stream<Path> files = Files.list(dir)) {
      assertEquals(
          List.of(
              ".97-hugepages.conf.pagetune-README",
              ".98-other.conf.pagetune-0badc0de1234",
              "97-hugepages.conf"),
          files.map(p -> p.getFileName().toString()).sorted().toList());
    }
    assertEquals("vm.nr_hugepages = 512\n", Files.readString(target));
  }
}
