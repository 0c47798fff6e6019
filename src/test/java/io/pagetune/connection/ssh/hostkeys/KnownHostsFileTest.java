package io.pagetune.connection.ssh.hostkeys;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.testing.TestKeys;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** known_hosts lines and host patterns read the way OpenSSH reads them. */
class KnownHostsFileTest {
  @TempDir Path dir;

  @Test
  void patternsMatchNamesPortsWildcardsAndNegations() {
    assertTrue(HostPatterns.matches("db1,db2", "db2", 22));
    assertTrue(HostPatterns.matches("DB1", "db1", 22), "names compare without case");
    assertFalse(HostPatterns.matches("db1", "db1", 2222), "another port needs [host]:port");
    assertTrue(HostPatterns.matches("[db1]:2222", "db1", 2222));
    assertFalse(HostPatterns.matches("[db1]:2222", "db1", 22));
    assertTrue(HostPatterns.matches("*.example.com", "web7.example.com", 22));
    assertTrue(HostPatterns.matches("db?", "db7", 22));
    assertFalse(HostPatterns.matches("db?", "db17", 22));
    assertFalse(HostPatterns.matches("*.example.com,!web7.example.com", "web7.example.com", 22));
    assertTrue(HostPatterns.matches("*.example.com,!web7.example.com", "web8.example.com", 22));
    assertFalse(HostPatterns.matches("|1|AAAA|BBBB", "db1", 22), "a wrong hash matches nothing");
    assertFalse(HostPatterns.matches("|1|!!!|???", "db1", 22), "damaged base64 matches nothing");
  }

  @Test
  void readsMarkersAndSkipsWhatItCannotUse() throws Exception {
    String key = TestKeys.publicLine(TestKeys.ed25519());
    Path file = dir.resolve("known_hosts");
    Files.writeString(
        file,
        String.join(
            "\n",
            "# a comment",
            "",
            "db1 " + key,
            "@revoked * " + key,
            "@cert-authority *.example.com " + key + " ops CA",
            "@unknown-marker db1 " + key,
            "old-rsa1 1024 65537 12345",
            "db2 ssh-ed25519 not-base64!",
            "truncated"));
    List<KnownHostsLine> lines = KnownHostsFile.read(file);
    assertEquals(3, lines.size(), lines.toString());
    assertEquals(KnownHostsLine.Marker.NONE, lines.get(0).marker());
    assertEquals(3, lines.get(0).lineNumber());
    assertEquals(KnownHostsLine.Marker.REVOKED, lines.get(1).marker());
    assertEquals(KnownHostsLine.Marker.CERT_AUTHORITY, lines.get(2).marker());
    assertEquals("*.example.com", lines.get(2).hosts());
    assertEquals(file + ":5", lines.get(2).where());
    assertNull(KnownHostsFile.parse(file, 1, "   "));
    assertEquals(List.of(), KnownHostsFile.read(dir.resolve("missing")));
  }
}
