package io.pagetune.connection;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The one-round-trip write script, read from standard input by every strict POSIX shell installed
 * here (as a host's {@code /bin/sh} reads it on the shell session), against real files.
 */
class AtomicWriteScriptTest {
  @TempDir Path dir;

  static Stream<String> shells() {
    List<String> found = new ArrayList<>();
    for (String name : List.of("dash", "posh", "bash")) {
      for (String d : System.getenv().getOrDefault("PATH", "/usr/bin:/bin").split(":")) {
        if (Files.isExecutable(Path.of(d, name))) {
          found.add(Path.of(d, name).toString());
          break;
        }
      }
    }
    return found.stream();
  }

  /** The exit status, stdout and stderr of the script read by {@code shell} from stdin. */
  private record Ran(int exit, String out, String err) {}

  private static Ran run(List<String> shell, AtomicWriteScript script) throws Exception {
    Process p = new ProcessBuilder(shell).start();
    try (var in = p.getOutputStream()) {
      in.write(script.text().getBytes(StandardCharsets.US_ASCII));
    }
    byte[] out = p.getInputStream().readAllBytes();
    byte[] err = p.getErrorStream().readAllBytes();
    assertTrue(p.waitFor(60, TimeUnit.SECONDS));
    return new Ran(
        p.exitValue(),
        new String(out, StandardCharsets.UTF_8),
        new String(err, StandardCharsets.UTF_8));
  }

  private static Ran run(String shell, AtomicWriteScript script) throws Exception {
    return run(List.of(shell), script);
  }

  private static AtomicWriteScript script(byte[] content, Path target, Integer mode) {
    return AtomicWriteScript.of(content, target.toString(), mode, null, null, "0123abcd");
  }

  private void assertNoTempFiles() throws Exception {
    try (Stream<Path> files = Files.walk(dir)) {
      assertEquals(
          List.of(), files.filter(f -> f.getFileName().toString().contains(".pagetune-")).toList());
    }
  }

  private static String perms(Path p) throws Exception {
    return PosixFilePermissions.toString(Files.getPosixFilePermissions(p));
  }

  @ParameterizedTest
  @MethodSource("shells")
  void writesEveryByteValueAcrossSeveralChunksWithTheMode(String shell) throws Exception {
    byte[] content = new byte[3 * PrintfContent.CHUNK + 777];
    for (int i = 0; i < content.length; i++) {
      content[i] = (byte) i;
    }
    byte[] random = new byte[2000];
    new Random(3).nextBytes(random);
    System.arraycopy(random, 0, content, 5000, random.length);
    Path target = dir.resolve("sysctl.d/90-hugepages.conf");
    Files.createDirectories(target.getParent());
    AtomicWriteScript s = script(content, target, 0640);
    Ran r = run(shell, s);
    assertEquals(0, r.exit(), r.err());
    assertArrayEquals(content, Files.readAllBytes(target));
    assertEquals("rw-r-----", perms(target));
    assertTrue(s.readBackMatches(r.out()), r.out());
    // the caller's read-back check tells another content apart
    PosixCksum other = new PosixCksum(s.expected().crc() ^ 0x80, content.length);
    assertFalse(
        new AtomicWriteScript(content, s.path(), s.tmp(), 0640, null, null, other)
            .readBackMatches(r.out()),
        r.out());
    assertNoTempFiles();
  }

  @ParameterizedTest
  @MethodSource("shells")
  void writesTextWithShellAndPrintfMetacharactersExactly(String shell) throws Exception {
    String text =
        "-n 100% of \\n 'quoted' \"double\" $HOME `id` \\\\ %s %% \\0101\n\nno final newline";
    Path target = dir.resolve("profile");
    Ran r = run(shell, script(text.getBytes(StandardCharsets.UTF_8), target, null));
    assertEquals(0, r.exit(), r.err());
    assertEquals(text, Files.readString(target));
    assertEquals("rw-r--r--", perms(target), "a new file gets 0644");
    assertNoTempFiles();
  }

  @ParameterizedTest
  @MethodSource("shells")
  void writesAnEmptyFileOverAnExistingOneAndKeepsItsMode(String shell) throws Exception {
    Path target = Files.writeString(dir.resolve("startserv"), "old content\n");
    Files.setPosixFilePermissions(target, PosixFilePermissions.fromString("rwxr-x--x"));
    Ran r = run(shell, script(new byte[0], target, null));
    assertEquals(0, r.exit(), r.err());
    assertEquals(0, Files.size(target));
    assertEquals("rwxr-x--x", perms(target));
    assertNoTempFiles();
  }

  @ParameterizedTest
  @MethodSource("shells")
  void keepsSpecialModeBitsOfTheExistingFile(String shell) throws Exception {
    Path target = Files.writeString(dir.resolve("tool"), "old\n");
    Process chmod = new ProcessBuilder("chmod", "3751", target.toString()).start();
    assertEquals(0, chmod.waitFor());
    Ran r = run(shell, script("new\n".getBytes(StandardCharsets.UTF_8), target, null));
    assertEquals(0, r.exit(), r.err());
    Process stat = new ProcessBuilder("stat", "-c", "%a", target.toString()).start();
    assertEquals("3751", new String(stat.getInputStream().readAllBytes()).strip());
  }

  /**
   * Every program a write starts is paid on every host of a fleet: over an existing file whose
   * mode, owner and group it keeps, the script starts one ls per file, the two cksums, chmod and
   * mv, and nothing else (the mode is read from ls by the shell, not by awk).
   */
  @ParameterizedTest
  @MethodSource("shells")
  void aWriteOverAnExistingFileStartsOnlyTheProgramsItNeeds(String shell) throws Exception {
    Path target = Files.writeString(dir.resolve("limits.conf"), "old\n");
    Files.setPosixFilePermissions(target, PosixFilePermissions.fromString("rw-r-----"));
    Path bin = Files.createDirectories(dir.resolve("bin"));
    Path log = dir.resolve("programs.log");
    for (String program : List.of("ls", "cksum", "chmod", "chown", "chgrp", "mv", "rm", "awk")) {
      Path real =
          Stream.of("/usr/bin", "/bin")
              .map(d -> Path.of(d, program))
              .filter(Files::isExecutable)
              .findFirst()
              .orElseThrow();
      Path shim = bin.resolve(program);
      Files.writeString(
          shim, "#!/bin/sh\necho " + program + " >> '" + log + "'\nexec " + real + " \"$@\"\n");
      Files.setPosixFilePermissions(shim, PosixFilePermissions.fromString("rwxr-xr-x"));
    }
    AtomicWriteScript s = script("new\n".getBytes(StandardCharsets.UTF_8), target, null);
    String text = "PATH='" + bin + "':$PATH; export PATH\n" + s.text();
    Process p = new ProcessBuilder(shell).redirectErrorStream(true).start();
    try (var in = p.getOutputStream()) {
      in.write(text.getBytes(StandardCharsets.US_ASCII));
    }
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(60, TimeUnit.SECONDS));
    assertEquals(0, p.exitValue(), out);
    assertEquals("new\n", Files.readString(target));
    assertEquals("rw-r-----", perms(target));
    assertEquals(
        List.of("ls", "cksum", "chmod", "ls", "mv", "cksum"), Files.readAllLines(log), out);
  }

  @ParameterizedTest
  @MethodSource("shells")
  void aWrongExpectedChecksumLeavesTheTargetAndNoTempFile(String shell) throws Exception {
    Path target = Files.writeString(dir.resolve("limits.conf"), "old\n");
    byte[] content = "oracle soft memlock unlimited\n".getBytes(StandardCharsets.UTF_8);
    AtomicWriteScript right = script(content, target, null);
    PosixCksum wrong = new PosixCksum(right.expected().crc() ^ 1, content.length);
    AtomicWriteScript corrupted =
        new AtomicWriteScript(content, right.path(), right.tmp(), null, null, null, wrong);
    Ran r = run(shell, corrupted);
    assertEquals(AtomicWriteScript.CONTENT_DIFFERS, r.exit(), r.err());
    assertTrue(r.err().contains("not " + wrong.text()), r.err());
    assertEquals("old\n", Files.readString(target));
    assertNoTempFiles();
  }

  @ParameterizedTest
  @MethodSource("shells")
  void aChownToAnUnknownUserLeavesTheTargetAndNoTempFile(String shell) throws Exception {
    Path target = Files.writeString(dir.resolve("limits.conf"), "old\n");
    AtomicWriteScript s =
        AtomicWriteScript.of(
            "new\n".getBytes(StandardCharsets.UTF_8),
            target.toString(),
            0644,
            "no-such-user-pt",
            null,
            "feed");
    Ran r = run(shell, s);
    assertFalse(r.exit() == 0, r.out());
    assertEquals("old\n", Files.readString(target));
    assertNoTempFiles();
  }

  @ParameterizedTest
  @MethodSource("shells")
  void aDirectoryTargetIsRefused(String shell) throws Exception {
    Path target = Files.createDirectories(dir.resolve("conf.d"));
    Ran r = run(shell, script("x".getBytes(StandardCharsets.UTF_8), target, null));
    assertEquals(AtomicWriteScript.IS_DIRECTORY, r.exit());
    assertTrue(Files.isDirectory(target));
    assertNoTempFiles();
  }

  @ParameterizedTest
  @MethodSource("shells")
  void removesTheTempFilesOfAKilledWriteOnlyWithAHexSuffix(String shell) throws Exception {
    Path target = Files.writeString(dir.resolve("startserv"), "old\n");
    Path stale = Files.writeString(dir.resolve(".startserv.pagetune-00ff"), "half");
    Path notOurs = Files.writeString(dir.resolve(".startserv.pagetune-notes.txt"), "keep");
    Path noSuffix = Files.writeString(dir.resolve(".startserv.pagetune-"), "keep");
    Ran r = run(shell, script("new\n".getBytes(StandardCharsets.UTF_8), target, null));
    assertEquals(0, r.exit(), r.err());
    assertFalse(Files.exists(stale));
    assertTrue(Files.exists(notOurs));
    assertTrue(Files.exists(noSuffix));
  }

  /** As an unprivileged user, so that directory permissions and the sticky bit apply. */
  private static List<String> asNobody(String shell) {
    return List.of("setpriv", "--reuid=65534", "--regid=65534", "--clear-groups", "--", shell);
  }

  private static boolean canDropToNobody() {
    return "root".equals(System.getProperty("user.name"))
        && Files.isExecutable(Path.of("/usr/bin/setpriv"));
  }

  @ParameterizedTest
  @MethodSource("shells")
  void aReadOnlyDirectoryFailsTheWriteAndLeavesTheTarget(String shell) throws Exception {
    Assumptions.assumeTrue(canDropToNobody(), "needs root and setpriv");
    Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
    Path target = Files.writeString(dir.resolve("limits.conf"), "old\n");
    Files.setPosixFilePermissions(target, PosixFilePermissions.fromString("rw-rw-rw-"));
    Ran r = run(asNobody(shell), script("new\n".getBytes(StandardCharsets.UTF_8), target, null));
    assertFalse(r.exit() == 0, r.out());
    assertEquals("old\n", Files.readString(target));
    assertNoTempFiles();
  }

  @ParameterizedTest
  @MethodSource("shells")
  void aRenameTheStickyBitRefusesLeavesTheTargetAndNoTempFile(String shell) throws Exception {
    Assumptions.assumeTrue(canDropToNobody(), "needs root and setpriv");
    Path sticky = Files.createDirectories(dir.resolve("shared"));
    Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString("rwxr-xr-x"));
    Files.setPosixFilePermissions(sticky, PosixFilePermissions.fromString("rwxrwxrwx"));
    Process chmod = new ProcessBuilder("chmod", "1777", sticky.toString()).start();
    assertEquals(0, chmod.waitFor());
    // root's file in a sticky directory: nobody may create the temp file but not rename over it
    Path target = Files.writeString(sticky.resolve("limits.conf"), "old\n");
    AtomicWriteScript s =
        AtomicWriteScript.of(
            "new\n".getBytes(StandardCharsets.UTF_8),
            target.toString(),
            0644,
            "nobody",
            "nogroup",
            "beef");
    Ran r = run(asNobody(shell), s);
    assertFalse(r.exit() == 0, r.out());
    assertTrue(r.err().contains("limits.conf"), r.err());
    assertEquals("old\n", Files.readString(target));
    assertNoTempFiles();
  }

  @ParameterizedTest
  @MethodSource("shells")
  void aWriteKilledPartWayLeavesTheTargetAndNoTempFile(String shell) throws Exception {
    // a chmod that hangs: the write is killed while its temp file exists
    Path bin = Files.createDirectories(dir.resolve("bin"));
    Path chmod = Files.writeString(bin.resolve("chmod"), "#!/bin/sh\nexec sleep 60\n");
    Files.setPosixFilePermissions(chmod, PosixFilePermissions.fromString("rwx------"));
    Path target = Files.writeString(dir.resolve("limits.conf"), "old\n");
    AtomicWriteScript s = script("new\n".getBytes(StandardCharsets.UTF_8), target, 0644);
    ProcessBuilder pb = new ProcessBuilder(shell).redirectErrorStream(true);
    pb.environment().put("PATH", bin + ":" + System.getenv().getOrDefault("PATH", "/usr/bin"));
    Process p = pb.start();
    try (var in = p.getOutputStream()) {
      in.write(s.text().getBytes(StandardCharsets.US_ASCII));
    }
    Path tmp = Path.of(s.tmp());
    for (int i = 0; i < 100 && !(Files.exists(tmp) && p.descendants().findAny().isPresent()); i++) {
      Thread.sleep(50);
    }
    assertTrue(Files.exists(tmp), "the temp file was written before the hang");
    // as the kill script does: TERM to the whole tree
    p.descendants().forEach(ProcessHandle::destroy);
    p.destroy();
    assertTrue(p.waitFor(10, TimeUnit.SECONDS));
    assertFalse(p.exitValue() == 0);
    assertEquals("old\n", Files.readString(target));
    assertNoTempFiles();
  }

  @ParameterizedTest
  @MethodSource("shells")
  void aScriptCutShortRunsNothing(String shell) throws Exception {
    Path target = Files.writeString(dir.resolve("limits.conf"), "old\n");
    Path stale = Files.writeString(dir.resolve(".limits.conf.pagetune-00ff"), "half");
    byte[] content = new byte[2 * PrintfContent.CHUNK];
    java.util.Arrays.fill(content, (byte) 'x');
    String text = script(content, target, null).text();
    for (int cut : List.of(text.length() / 2, text.length() - 3)) {
      Process p = new ProcessBuilder(shell).redirectErrorStream(true).start();
      try (var in = p.getOutputStream()) {
        in.write(text.substring(0, cut).getBytes(StandardCharsets.US_ASCII));
      }
      p.getInputStream().readAllBytes();
      assertTrue(p.waitFor(30, TimeUnit.SECONDS));
      assertFalse(p.exitValue() == 0);
      assertEquals("old\n", Files.readString(target));
      assertTrue(Files.exists(stale), "not even the cleanup ran");
    }
  }

  @Test
  void theScriptUsesBourneSyntaxOnly() {
    String text = script("x".getBytes(StandardCharsets.UTF_8), Path.of("/etc/x"), null).text();
    assertFalse(text.contains("$("), text);
    assertFalse(text.contains("${"), text);
    assertFalse(text.contains("command -v"), text);
  }

  @Test
  void printfFormatsHoldNoRawPercentBackslashOrQuote() {
    byte[] all = new byte[256];
    for (int i = 0; i < 256; i++) {
      all[i] = (byte) i;
    }
    for (String line : PrintfContent.lines(all)) {
      String format = line.substring("printf '".length(), line.length() - "'\n".length());
      assertFalse(format.contains("%"), format);
      assertFalse(format.contains("'"), format);
      assertFalse(format.contains("\n"), format);
      assertTrue(format.replaceAll("\\\\[0-7]{3}", "").indexOf('\\') < 0, format);
    }
    byte[] big = new byte[2 * PrintfContent.CHUNK + 1];
    assertEquals(3, PrintfContent.lines(big).size());
    assertTrue(PrintfContent.lines(big).get(0).length() <= 4 * PrintfContent.CHUNK + 12);
  }
}
