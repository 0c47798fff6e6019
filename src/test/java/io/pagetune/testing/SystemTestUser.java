package io.pagetune.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * A throw-away local user with a password and sudo rights (password required), for the interop
 * tests of become. Only root can create it; {@link #close()} removes the user and its sudoers
 * entry.
 */
public final class SystemTestUser implements AutoCloseable {
  private final String name;
  private final Path sudoers;

  private SystemTestUser(String name, Path sudoers) {
    this.name = name;
    this.sudoers = sudoers;
  }

  public static boolean canCreate() {
    return "root".equals(System.getProperty("user.name"))
        && Files.isExecutable(Path.of("/usr/sbin/useradd"))
        && Files.isExecutable(Path.of("/usr/bin/sudo"))
        && Files.isDirectory(Path.of("/etc/sudoers.d"));
  }

  public static SystemTestUser create(String name, String password) {
    return create(name, password, "ALL");
  }

  /** A user whose sudo asks for no password (the sudoers rule's {@code NOPASSWD}). */
  public static SystemTestUser createWithoutSudoPassword(String name, String password) {
    return create(name, password, "NOPASSWD: ALL");
  }

  private static SystemTestUser create(String name, String password, String commands) {
    run("/usr/sbin/userdel", "-r", name); // a leftover of an aborted run
    run("/usr/sbin/useradd", "-m", "-s", "/bin/sh", name);
    Process p = start("/usr/sbin/chpasswd");
    try {
      p.getOutputStream().write((name + ":" + password + "\n").getBytes(StandardCharsets.UTF_8));
      p.getOutputStream().close();
      if (p.waitFor() != 0) {
        throw new IllegalStateException("chpasswd failed");
      }
      Path sudoers = Path.of("/etc/sudoers.d/" + name);
      Files.writeString(sudoers, name + " ALL=(ALL:ALL) " + commands + "\n");
      Files.setPosixFilePermissions(
          sudoers, java.nio.file.attribute.PosixFilePermissions.fromString("r--r-----"));
      return new SystemTestUser(name, sudoers);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  public String name() {
    return name;
  }

  private static Process start(String... argv) {
    try {
      return new ProcessBuilder(argv).redirectErrorStream(true).start();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static int run(String... argv) {
    Process p = start(argv);
    try {
      p.getInputStream().readAllBytes();
      p.waitFor(30, TimeUnit.SECONDS);
      return p.exitValue();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  @Override
  public void close() {
    try {
      Files.deleteIfExists(sudoers);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    run("/usr/sbin/userdel", "-r", name);
  }
}
