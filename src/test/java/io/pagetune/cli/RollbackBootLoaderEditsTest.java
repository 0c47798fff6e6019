package io.pagetune.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.pagetune.testing.CliRun;
import io.pagetune.testing.SshInventoryHost;
import io.pagetune.testing.SshServerExtension;
import io.pagetune.testing.TestSshHost;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The boot-loader edits of a move to 1 GiB pages ({@code GRUB_CMDLINE_LINUX} in /etc/default/grub,
 * /etc/kernel/cmdline, the BLS entry's {@code options}) are journaled like any other write and
 * {@code pagetune rollback} puts every file back byte for byte. The host is reached over SSH; each
 * of its commands runs in a private mount namespace where the Oracle Linux host of the module
 * fixtures is mounted over /etc/default, /etc/kernel, /boot, /proc/meminfo and the rest, so that
 * the real files of this machine are never touched.
 */
class RollbackBootLoaderEditsTest {
  private static final Path BASE = Path.of("src/test/resources/modules/oracle_hugepages/base");
  private static final String BLS =
      "/boot/loader/entries/0f3c1c8e5b4d4d7e9f3c-5.4.17-2136.307.3.1.el8uek.x86_64.conf";
  private static final List<String> BOOT_FILES =
      List.of("/etc/default/grub", "/etc/kernel/cmdline", BLS);
  // what the host's commands see of the fixture host instead of this machine's
  private static final List<String> MOUNTED =
      List.of(
          "/etc/default",
          "/etc/kernel",
          "/etc/sysctl.d",
          "/etc/security",
          "/etc/passwd",
          "/etc/group",
          "/boot",
          "/proc/meminfo",
          "/proc/cmdline",
          "/proc/sys/vm/hugetlb_shm_group",
          "/sys/kernel/mm/hugepages",
          "/sys/kernel/mm/transparent_hugepage/enabled",
          "/usr/lib/sysctl.d");

  @RegisterExtension final SshServerExtension ssh = new SshServerExtension();
  @TempDir Path dir;

  @Test
  void rollbackPutsTheBootLoaderFilesBackByteForByte() throws Exception {
    assumeTrue(SshServerExtension.canReplaceBinSh(), "needs a mount namespace (root)");
    Path host = dir.resolve("host");
    copy(BASE, host);
    for (String d : List.of("etc/sysctl.d", "etc/security/limits.d", "etc/kernel")) {
      Files.createDirectories(host.resolve(d));
    }
    Files.writeString(
        host.resolve("etc/kernel/cmdline"),
        "root=/dev/mapper/ol-root ro crashkernel=auto resume=/dev/mapper/ol-swap"
            + " rd.lvm.lv=ol/root rhgb quiet transparent_hugepage=never\n");
    ssh.replaceBinSh(hostShell(host));
    // no SFTP: the server's SFTP would write this machine's files, outside the namespace; file
    // transfers go through the host's shell, as on a host without an SFTP subsystem
    TestSshHost server = ssh.start(TestSshHost.Options.defaults().withSftp(false));
    Path inv =
        Files.writeString(
            dir.resolve("hosts.yml"), SshInventoryHost.inventory(ssh, server, "db1", host));
    Path playbook =
        Files.writeString(
            dir.resolve("site.yml"),
            "- hosts: all\n"
                + "  gather_facts: false\n"
                + "  tasks:\n"
                + "    - name: Oracle on 1 GiB pages\n"
                + "      oracle_hugepages:\n"
                + "        page_size: 1G\n"
                + "        instances: [{sid: ORCL, sga: 12G}]\n");
    Map<String, byte[]> before = bytes(host);

    CliRun check = cli("run", playbook.toString(), "-i", inv.toString(), "--check", "--diff");
    assertEquals(0, check.exitCode(), check.toString());
    assertTrue(check.out().contains("default_hugepagesz=1G"), check.out());
    assertBytes(before, bytes(host), "check mode changes no boot file");

    CliRun apply = cli("run", playbook.toString(), "-i", inv.toString());
    assertEquals(0, apply.exitCode(), apply.toString());
    for (String f : BOOT_FILES) {
      String text = read(host, f);
      assertTrue(
          text.contains("default_hugepagesz=1G hugepagesz=1G hugepages=13"),
          () -> f + ":\n" + text);
    }
    assertTrue(
        check
            .out()
            .contains(
                read(host, "/etc/sysctl.d/97-pagetune-hugepages.conf")
                    .lines()
                    .filter(l -> l.startsWith("vm.nr_hugepages"))
                    .findFirst()
                    .orElseThrow()),
        "check mode showed the pool file apply wrote:\n" + check.out());

    CliRun again = cli("run", playbook.toString(), "-i", inv.toString());
    assertEquals(0, again.exitCode(), again.toString());
    assertTrue(again.out().matches("(?s).*db1 +: ok=\\d+ +changed=0 .*"), again.out());

    CliRun rollback = cli("rollback", runId(apply), "-i", inv.toString());
    assertEquals(0, rollback.exitCode(), rollback.toString());
    assertBytes(before, bytes(host), rollback.toString());
    assertFalse(
        Files.exists(host.resolve("etc/sysctl.d/97-pagetune-hugepages.conf")),
        "the pool file the run created is removed");
  }

  /**
   * The host's {@code /bin/sh}: a copy of this machine's shell that first mounts the fixture host
   * over the paths in {@link #MOUNTED}, once per command (its children inherit the mounts).
   */
  private Path hostShell(Path host) throws IOException {
    Path shell = dir.resolve("real-sh");
    Files.copy(Path.of("/bin/sh").toRealPath(), shell, StandardCopyOption.COPY_ATTRIBUTES);
    StringBuilder mounts = new StringBuilder();
    for (String p : MOUNTED) {
      mounts.append("  mount --bind '").append(host).append(p).append("' '").append(p);
      mounts.append("' || exit 125\n");
    }
    Path wrapper =
        Files.writeString(
            dir.resolve("host-sh"),
            "#!"
                + shell
                + "\nif [ -z \"$PAGETUNE_TEST_HOST\" ]; then\n"
                + mounts
                + "  export PAGETUNE_TEST_HOST=1\nfi\nexec "
                + shell
                + " \"$@\"\n");
    Files.setPosixFilePermissions(wrapper, PosixFilePermissions.fromString("rwxr-xr-x"));
    return wrapper;
  }

  private CliRun cli(String... args) {
    List<String> all = new ArrayList<>(List.of(args));
    all.addAll(List.of("--known-hosts", ssh.knownHosts().toString()));
    return CliRun.withEnv(
        Map.of("PAGETUNE_STATE", dir.resolve("state.db").toString()), all.toArray(new String[0]));
  }

  private static String runId(CliRun run) {
    Matcher m = Pattern.compile("Run (\\S+) \\(pagetune history").matcher(run.out());
    assertTrue(m.find(), run.toString());
    return m.group(1);
  }

  private static Map<String, byte[]> bytes(Path host) throws IOException {
    Map<String, byte[]> out = new LinkedHashMap<>();
    for (String f : BOOT_FILES) {
      out.put(f, Files.readAllBytes(host.resolve(f.substring(1))));
    }
    return out;
  }

  private static void assertBytes(Map<String, byte[]> want, Map<String, byte[]> got, String why) {
    for (String f : BOOT_FILES) {
      assertArrayEquals(want.get(f), got.get(f), f + ": " + why);
    }
  }

  private static String read(Path host, String f) throws IOException {
    return Files.readString(host.resolve(f.substring(1)));
  }

  private static void copy(Path from, Path to) throws IOException {
    try (Stream<Path> paths = Files.walk(from)) {
      for (Path p : paths.sorted().toList()) {
        Path t = to.resolve(from.relativize(p).toString());
        if (Files.isDirectory(p)) {
          Files.createDirectories(t);
        } else {
          Files.copy(p, t, StandardCopyOption.REPLACE_EXISTING);
        }
      }
    }
  }
}
