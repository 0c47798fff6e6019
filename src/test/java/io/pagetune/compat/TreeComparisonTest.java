package io.pagetune.compat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The harness compares the trees two tools left byte for byte, mode and type included. */
class TreeComparisonTest {
  @TempDir Path tmp;

  @Test
  void contentModeAndPresenceDifferencesAreEachNamed() throws Exception {
    Path a = Files.createDirectories(tmp.resolve("a/etc"));
    Path p = Files.createDirectories(tmp.resolve("p/etc"));
    Files.writeString(a.resolve("same.conf"), "x=1\n");
    Files.writeString(p.resolve("same.conf"), "x=1\n");
    assertEquals(List.of(), TreeComparison.differences("h", tmp.resolve("a"), tmp.resolve("p")));

    Files.writeString(a.resolve("sysctl.conf"), "vm.swappiness=10\n");
    Files.writeString(p.resolve("sysctl.conf"), "vm.swappiness = 10\n");
    Files.writeString(a.resolve("only-ansible"), "");
    Files.setPosixFilePermissions(
        p.resolve("same.conf"), PosixFilePermissions.fromString("rw-------"));
    List<String> d = TreeComparison.differences("h", tmp.resolve("a"), tmp.resolve("p"));
    assertEquals(3, d.size(), d.toString());
    assertEquals("h: etc/only-ansible only written by ansible", d.get(0));
    assertTrue(d.get(1).startsWith("h: etc/same.conf differs: ansible f rw-r--r--"), d.get(1));
    assertTrue(d.get(2).contains("'vm.swappiness=10\\n', pagetune"), d.get(2));
  }

  @Test
  void eachToolsOwnRootInAFileCompareEqualButAnyOtherPathDoesNot() throws Exception {
    Path a = Files.createDirectories(tmp.resolve("a/etc"));
    Path p = Files.createDirectories(tmp.resolve("p/etc"));
    Files.writeString(a.resolve("fstab"), "nodev " + tmp.resolve("a") + "/mnt/huge hugetlbfs\n");
    Files.writeString(p.resolve("fstab"), "nodev " + tmp.resolve("p") + "/mnt/huge hugetlbfs\n");
    assertEquals(List.of(), TreeComparison.differences("h", tmp.resolve("a"), tmp.resolve("p")));

    Files.writeString(p.resolve("fstab"), "nodev " + tmp.resolve("a") + "/mnt/huge hugetlbfs\n");
    assertEquals(1, TreeComparison.differences("h", tmp.resolve("a"), tmp.resolve("p")).size());
  }
}
