package io.pagetune.connection;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.testing.ChildPagetune;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A pagetune given every one of its secret variables runs {@code env} on the local connection, as
 * itself and through sudo: neither command (nor the sudo in between) sees any of them.
 */
class ChildProcessesTest {
  @TempDir Path dir;

  @Test
  void localCommandsWithAndWithoutBecomeNeverSeePagetunesSecretVariables() throws Exception {
    Path bin = Files.createDirectories(dir.resolve("bin"));
    try (InputStream fake =
        ChildProcessesTest.class.getResourceAsStream("/connection/ssh/fake-sudo")) {
      Files.copy(fake, bin.resolve("fake-sudo"));
    }
    Path sudo = bin.resolve("sudo");
    // the stand-in sudo records its own environment before it runs the command
    Files.writeString(
        sudo,
        "#!/bin/sh\nenv >> \"$(dirname \"$0\")/sudo.env\"\n"
            + "exec \"$(dirname \"$0\")/fake-sudo\" \"$@\"\n");
    for (Path p : new Path[] {sudo, bin.resolve("fake-sudo")}) {
      Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
    }
    Map<String, String> secrets = new LinkedHashMap<>();
    for (String name : ChildProcesses.SECRET_VARIABLES) {
      secrets.put(name, "leak-" + name.toLowerCase(java.util.Locale.ROOT) + "-7c1");
    }
    // the state store must still work: the parent reads PAGETUNE_STATE, its children do not
    secrets.put("PAGETUNE_STATE", dir.resolve("state.db").toString());
    Files.writeString(bin.resolve("password"), secrets.get("PAGETUNE_BECOME_PASSWORD") + "\n");
    Path inventory =
        Files.writeString(
            dir.resolve("hosts.yml"),
            "all:\n  hosts:\n    box:\n      ansible_connection: local\n"
                + "      ansible_become_exe: "
                + sudo
                + "\n");
    Path playbook =
        Files.writeString(
            dir.resolve("site.yml"),
            "- hosts: all\n  gather_facts: false\n  tasks:\n"
                + "    - shell: env > "
                + dir.resolve("plain.env")
                + "\n    - shell: env > "
                + dir.resolve("become.env")
                + "\n      become: true\n      become_user: oracle\n");
    ChildPagetune child =
        ChildPagetune.start(
            dir.resolve("out.txt"),
            secrets,
            Map.of(),
            "run",
            playbook.toString(),
            "-i",
            inventory.toString(),
            "--progress",
            "none");
    assertEquals(0, child.await(Duration.ofSeconds(120)), child.output());

    String sudoEnv = Files.readString(bin.resolve("sudo.env"));
    assertTrue(sudoEnv.contains("PATH="), sudoEnv);
    assertTrue(Files.readString(dir.resolve("become.env")).contains("FAKE_SUDO_USER=oracle"));
    for (Path seen :
        new Path[] {dir.resolve("plain.env"), dir.resolve("become.env"), bin.resolve("sudo.env")}) {
      String env = Files.readString(seen);
      for (Map.Entry<String, String> s : secrets.entrySet()) {
        assertFalse(env.contains(s.getKey() + "="), seen + " has " + s.getKey());
        assertFalse(env.contains(s.getValue()), seen + " has the value of " + s.getKey());
      }
    }
  }

  /** A secret variable pagetune reads anywhere in its sources is on the list children lose. */
  @Test
  void everySecretVariablePagetuneReadsIsOnTheList() throws IOException {
    Pattern secretName =
        Pattern.compile("\"(PAGETUNE_[A-Z_]*(?:PASSWORD|PASSPHRASE|TOKEN|SECRET|KEY)[A-Z_]*)\"");
    TreeSet<String> named = new TreeSet<>();
    try (Stream<Path> sources = Files.walk(Path.of("src/main/java"))) {
      for (Path p : sources.filter(f -> f.toString().endsWith(".java")).toList()) {
        Matcher m = secretName.matcher(Files.readString(p));
        while (m.find()) {
          named.add(m.group(1));
        }
      }
    }
    assertTrue(named.size() >= 6, named.toString());
    assertTrue(ChildProcesses.SECRET_VARIABLES.containsAll(named), named.toString());
  }
}
