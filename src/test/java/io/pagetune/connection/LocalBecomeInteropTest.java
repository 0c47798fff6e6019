package io.pagetune.connection;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.testing.SystemTestUser;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFileAttributes;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/** Become on the local connection with the real sudo, as a throw-away system user. */
@Tag("interop")
class LocalBecomeInteropTest {
  private static final Duration T = Duration.ofSeconds(30);

  @Test
  void commandsAndFileWritesRunAsTheBecomeUser() throws Exception {
    Assumptions.assumeTrue(SystemTestUser.canCreate(), "needs root and sudo to create a user");
    try (SystemTestUser user = SystemTestUser.create("pagetune-lb", "lb-Pw-" + System.nanoTime())) {
      // root's sudo asks for no password: the configured one must not reach the command
      LocalConnection c =
          new LocalConnection("localhost", LocalSudo.of(() -> Optional.of("never-sent")));
      Become as = Become.as(user.name());
      CommandResult who =
          c.run(RemoteCommand.script("id -un; cat").withBecome(as).withStdin("in\n"), T);
      assertEquals(user.name() + "\nin\n", who.stdout(), who.toString());

      Path home = Path.of("/home", user.name());
      Path file = home.resolve("profile.conf");
      byte[] content = "SETENV_00 = LDR_CNTRL=DATAPSIZE=64K\n".getBytes(StandardCharsets.UTF_8);
      c.put(content, file.toString(), new PutOptions(0600, null, null, as));
      PosixFileAttributes a = Files.readAttributes(file, PosixFileAttributes.class);
      assertEquals(user.name(), a.owner().getName(), "written by the become user");
      assertArrayEquals(content, c.read(file.toString(), as).orElseThrow());
      assertEquals(0600, c.stat(file.toString(), as).orElseThrow().mode());
      try (var left = Files.list(home)) {
        assertTrue(
            left.noneMatch(p -> p.getFileName().toString().contains(".pagetune-")),
            "no temp file left");
      }
    }
  }

  @Test
  void suAsRootRunsAsTheUserWithoutReadingThePasswordOrTheCommandsInput() throws Exception {
    Assumptions.assumeTrue(SystemTestUser.canCreate(), "needs root to create a user");
    try (SystemTestUser user = SystemTestUser.create("pagetune-ls", "ls-Pw-" + System.nanoTime())) {
      // root's su asks for no password (pam_rootok): the line su is given is never read
      LocalConnection c =
          new LocalConnection("localhost", LocalSudo.of(() -> Optional.of("never-read")));
      Become as = Become.as(user.name()).through(BecomeMethod.of("su", "/bin/su", "-s /bin/sh"));
      CommandResult who =
          c.run(RemoteCommand.script("id -un; cat").withBecome(as).withStdin("in\n"), T);
      assertEquals(user.name() + "\nin\n", who.stdout(), who.toString());
      assertEquals("", who.stderr(), who.toString());
      Path file = Path.of("/home", user.name(), "su.conf");
      c.put(
          "x\n".getBytes(StandardCharsets.UTF_8),
          file.toString(),
          PutOptions.DEFAULT.withBecome(as));
      assertEquals(user.name(), Files.getOwner(file).getName(), "written by the become user");
    }
  }
}
