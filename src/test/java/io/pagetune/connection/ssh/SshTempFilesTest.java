package io.pagetune.connection.ssh;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pagetune.connection.PutOptions;
import io.pagetune.testing.SshServerExtension;
import io.pagetune.testing.TestSshHost;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** A write over SSH removes the temp files a killed write of the same target left. */
class SshTempFilesTest {
  @RegisterExtension final SshServerExtension ssh = new SshServerExtension();

  @ParameterizedTest(name = "sftp={0}")
  @ValueSource(booleans = {true, false})
  void aWriteRemovesTheStaleTempFilesOfItsTarget(boolean sftp) throws Exception {
    TestSshHost host = ssh.start(TestSshHost.Options.defaults().withSftp(sftp));
    Path dir = Files.createDirectories(host.workDir().resolve("etc/sysctl.d"));
    Path target = dir.resolve("97-hugepages.conf");
    Files.writeString(dir.resolve(".97-hugepages.conf.pagetune-0badc0de1234"), "vm.nr_huge");
    Files.writeString(dir.resolve(".97-hugepages.conf.pagetune-abc"), "");
    Files.writeString(dir.resolve(".98-other.conf.pagetune-0badc0de1234"), "x");
    Files.writeString(dir.resolve(".97-hugepages.conf.pagetune-README"), "not a temp file");

    try (SshConnection c =
        (SshConnection) new SshConnectionFactory(ssh.settings()).open(ssh.spec("db1", host))) {
      c.put(
          "vm.nr_hugepages = 512\n".getBytes(StandardCharsets.UTF_8),
          target.toString(),
          PutOptions.DEFAULT);
      assertEquals(sftp, c.usesSftp());
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
