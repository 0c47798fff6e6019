package io.pagetune.targets.solaris;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.pages.AuditStamp;
import io.pagetune.pages.Fixtures;
import io.pagetune.pages.PagesizeA;
import io.pagetune.pages.TextEdit;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Issue 9's startserv cases on fixtures: loader precedence for 32/64-bit with generic and word-size
 * preloads, the {@code -version} arm, the stock Web Server 7 script, a hand-made setup left alone
 * and a wrong hand-made {@code MPSSHEAP} corrected in place; each one idempotent.
 */
class MpssStartservCasesTest {
  private static final AuditStamp STAMP =
      new AuditStamp("r-0001", Instant.parse("2026-11-29T21:00:00Z"));
  private static final AuditStamp LATER =
      new AuditStamp("r-0002", Instant.parse("2026-12-01T08:00:00Z"));

  private static PagesizeA sizes(String name) {
    return PagesizeA.parse(Fixtures.read("facts/pagesize_a/" + name));
  }

  private static String startserv(String name) {
    return Fixtures.read("pages/startserv/" + name);
  }

  @ParameterizedTest
  @CsvSource({
    "stock-ws7, BITS_64, sparc_cmt.txt, stock-ws7.expected-64bit-256M,"
        + " LD_PRELOAD_64=/usr/lib/64/libumem.so /usr/lib/sparcv9/mpss.so.1; MPSSHEAP=256M",
    "stock-ws7, BITS_32, sparc_4m_only.txt, stock-ws7.expected-32bit-4M,"
        + " LD_PRELOAD_32=libCld.so /usr/lib/libumem.so /usr/lib/mpss.so.1; MPSSHEAP=4M",
    "version-arm, BITS_64, sparc_cmt.txt, version-arm.expected-64bit-256M,"
        + " LD_PRELOAD_64=/usr/lib/64/libumem.so /usr/lib/sparcv9/mpss.so.1; MPSSHEAP=256M",
    "generic-preload, BITS_32, sparc_4m_only.txt, generic-preload.expected-32bit-4M,"
        + " LD_PRELOAD_32=/opt/monitor/lib/libtrace.so.1 libdtrace_probe.so /usr/lib/mpss.so.1;"
        + " MPSSHEAP=4M",
    "generic-preload, BITS_64, sparc_cmt.txt, generic-preload.expected-64bit-256M,"
        + " LD_PRELOAD_64=/opt/monitor/lib/64/libtrace.so.1 libdtrace_probe.so"
        + " /usr/lib/sparcv9/mpss.so.1; MPSSHEAP=256M",
    "handmade-4M-wrong, BITS_64, sparc_cmt.txt, handmade-4M-wrong.expected,"
        + " LD_PRELOAD_64=/usr/lib/sparcv9/mpss.so.1; MPSSHEAP=256M"
  })
  void exactEditPersistedValueAndIdempotence(
      String input, ElfWordSize word, String pagesizes, String expected, String persistedAfter) {
    String before = startserv(input);
    MpssVariant v = MpssVariant.choose(word, sizes(pagesizes)).orElseThrow();
    assertFalse(MpssStartserv.persisted(before, word, v).ok(), "not persisted before");
    TextEdit.Changed c =
        assertInstanceOf(
            TextEdit.Changed.class, MpssStartserv.ensure(before, word, sizes(pagesizes), STAMP));
    assertEquals(startserv(expected), c.newText());
    MpssPersisted after = MpssStartserv.persisted(c.newText(), word, v);
    assertTrue(after.ok());
    assertEquals(persistedAfter, after.describe());
    assertInstanceOf(
        TextEdit.Unchanged.class, MpssStartserv.ensure(c.newText(), word, sizes(pagesizes), LATER));
  }

  @Test
  void stockScriptBefore() {
    StartservScript s = StartservScript.read(startserv("stock-ws7").lines().toList());
    // the --start arm, not --version or --configtest
    assertTrue(s.lines().get(s.startLine()).strip().startsWith("${SERVER_BIN} -d"));
    assertTrue(s.lines().get(s.startLine() - 1).strip().equals("--start|-start)"));
    assertEquals(
        "LD_PRELOAD_32=libCld.so /usr/lib/libumem.so",
        StartservPreload.of(s, ElfWordSize.BITS_32).describe());
    assertEquals(
        "LD_PRELOAD_64=/usr/lib/64/libumem.so",
        StartservPreload.of(s, ElfWordSize.BITS_64).describe());
  }

  @Test
  void thirtyTwoBitStockGetsMpssInLdPreload32NotTheGenericVariable() {
    TextEdit.Changed c =
        assertInstanceOf(
            TextEdit.Changed.class,
            MpssStartserv.ensure(
                startserv("stock-ws7"), ElfWordSize.BITS_32, sizes("sparc_cmt.txt"), STAMP));
    assertTrue(c.newText().contains("export LD_PRELOAD_32\n"));
    assertFalse(c.newText().contains("export LD_PRELOAD\n"));
    // the tuning guide's 32-bit line in the generic variable does not count: ld.so.1 ignores it
    String guide =
        startserv("stock-ws7")
            .replace(
                "if [ $# -eq 0 ] ; then",
                "LD_PRELOAD=/usr/lib/mpss.so.1; export LD_PRELOAD\n"
                    + "MPSSHEAP=256M; export MPSSHEAP\nif [ $# -eq 0 ] ; then");
    TextEdit.Changed g =
        assertInstanceOf(
            TextEdit.Changed.class,
            MpssStartserv.ensure(guide, ElfWordSize.BITS_32, sizes("sparc_cmt.txt"), STAMP));
    assertEquals(
        "LD_PRELOAD_32 += /usr/lib/mpss.so.1 (keeps libCld.so /usr/lib/libumem.so)", g.summary());
  }

  @Test
  void handMadeSetupIsCompliant() {
    String text = startserv("handmade-256M");
    TextEdit.Unchanged u =
        assertInstanceOf(
            TextEdit.Unchanged.class,
            MpssStartserv.ensure(text, ElfWordSize.BITS_64, sizes("sparc_cmt.txt"), STAMP));
    assertTrue(u.reason().contains("/usr/lib/sparcv9/mpss.so.1"), u.reason());
    // the 32-bit guide line without a word-size variable is compliant too
    String guide32 =
        text.replace(
            "LD_PRELOAD_64=/usr/lib/sparcv9/mpss.so.1; export LD_PRELOAD_64",
            "LD_PRELOAD=/usr/lib/mpss.so.1; export LD_PRELOAD");
    assertInstanceOf(
        TextEdit.Unchanged.class,
        MpssStartserv.ensure(guide32, ElfWordSize.BITS_32, sizes("sparc_cmt.txt"), STAMP));
  }

  @Test
  void wrongHandMadeHeapIsCorrectedNotShadowed() {
    TextEdit.Changed c =
        assertInstanceOf(
            TextEdit.Changed.class,
            MpssStartserv.ensure(
                startserv("handmade-4M-wrong"),
                ElfWordSize.BITS_64,
                sizes("sparc_cmt.txt"),
                STAMP));
    assertEquals("MPSSHEAP 4M -> 256M in place (line 6)", c.summary());
    assertEquals(1, c.newText().split("MPSSHEAP=", -1).length - 1, "one assignment");
    assertEquals(1, c.newText().split("mpss.so.1", -1).length - 1, "preloaded once");
    assertFalse(c.newText().contains(MpssStartserv.BEGIN));
  }

  @Test
  void ourBlockMadeRedundantByAHandMadeSetupIsRemoved() {
    String ours =
        ((TextEdit.Changed)
                MpssStartserv.ensure(
                    startserv("version-arm"), ElfWordSize.BITS_64, sizes("sparc_cmt.txt"), STAMP))
            .newText();
    String both =
        ours.replace(
            "cd \"$INSTANCE_ROOT\"",
            "LD_PRELOAD_64=\"$LD_PRELOAD_64 /usr/lib/64/mpss.so.1\"\nMPSSHEAP=256M\n"
                + "export MPSSHEAP\ncd \"$INSTANCE_ROOT\"");
    TextEdit.Changed c =
        assertInstanceOf(
            TextEdit.Changed.class,
            MpssStartserv.ensure(both, ElfWordSize.BITS_64, sizes("sparc_cmt.txt"), STAMP));
    assertFalse(c.newText().contains(MpssStartserv.BEGIN), c.newText());
    assertTrue(c.summary().startsWith("removed the pagetune block"), c.summary());
  }

  @Test
  void refusesWhereMpssWouldNotApply() {
    String cfg =
        startserv("handmade-4M-wrong")
            .replace(
                "cd \"$INSTANCE_ROOT\"",
                "MPSSCFGFILE=/etc/ws.mpss; export MPSSCFGFILE\ncd \"$INSTANCE_ROOT\"");
    TextEdit.Refused r =
        assertInstanceOf(
            TextEdit.Refused.class,
            MpssStartserv.ensure(cfg, ElfWordSize.BITS_64, sizes("sparc_cmt.txt"), STAMP));
    assertTrue(r.reason().contains("MPSSCFGFILE=/etc/ws.mpss"), r.reason());
    String oneLineArm =
        "#!/bin/sh\ncase \"$1\" in\nstart) exec /opt/ws7/lib/webservd-wdog -d /x/config ;;\nesac\n";
    assertTrue(
        assertInstanceOf(
                TextEdit.Refused.class,
                MpssStartserv.ensure(
                    oneLineArm, ElfWordSize.BITS_64, sizes("sparc_cmt.txt"), STAMP))
            .reason()
            .contains("pattern line of a case arm"));
    String onlyVersion = "#!/bin/sh\ncase \"$1\" in\n-v) exec /opt/ws7/lib/webservd -v ;;\nesac\n";
    assertInstanceOf(
        TextEdit.Refused.class,
        MpssStartserv.ensure(onlyVersion, ElfWordSize.BITS_64, sizes("sparc_cmt.txt"), STAMP));
  }

  @Test
  void preloadValidity() {
    assertTrue(StartservPreload.validFor("/usr/lib/64/libumem.so", ElfWordSize.BITS_64));
    assertTrue(StartservPreload.validFor("/usr/lib/sparcv9/mpss.so.1", ElfWordSize.BITS_64));
    assertFalse(StartservPreload.validFor("/usr/lib/mpss.so.1", ElfWordSize.BITS_64));
    assertTrue(StartservPreload.validFor("/usr/lib/mpss.so.1", ElfWordSize.BITS_32));
    assertTrue(StartservPreload.validFor("libumem.so", ElfWordSize.BITS_32));
    assertTrue(StartservPreload.validFor("libumem.so", ElfWordSize.BITS_64));
    assertEquals(List.of("a", "b", "c"), StartservPreload.split(" a:b  c "));
  }

  /**
   * Runs the edited stock script in a real shell with stand-ins for parsexml, uname and the
   * watchdog: the server gets libumem and mpss in LD_PRELOAD_64, in that order and once, with
   * MPSSHEAP; the --version arm runs without them.
   */
  @Test
  void editedStockScriptStartsTheServerWithMpss(@TempDir Path dir) throws Exception {
    Path lib64 = Files.createDirectories(dir.resolve("usr/lib/64"));
    Files.writeString(lib64.resolve("libumem.so"), "");
    Files.writeString(dir.resolve("usr/lib/libumem.so"), "");
    String root = dir + "/opt/SUNWwbsvr7";
    String stock =
        startserv("stock-ws7")
            .replace("/usr/lib/", dir + "/usr/lib/")
            .replace("\"/opt/SUNWwbsvr7", "\"" + root);
    TextEdit.Changed c =
        assertInstanceOf(
            TextEdit.Changed.class,
            MpssStartserv.ensure(stock, ElfWordSize.BITS_64, sizes("sparc_cmt.txt"), STAMP));
    // startserv puts its own bin and lib first on PATH: the stand-ins go there
    Path bin = Files.createDirectories(Path.of(root, "bin"));
    Files.createDirectories(Path.of(root, "lib"));
    Files.writeString(Path.of(root, "lib", "libCld.so"), "");
    tool(bin, "parsexml", "echo 'SERVER_USER=webservd; SERVER_TEMP_DIR=/tmp/https-shop'");
    tool(bin, "uname", "echo 5.10");
    tool(
        bin,
        "webservd-wdog",
        "echo \"64=[$LD_PRELOAD_64] 32=[$LD_PRELOAD_32] heap=[$MPSSHEAP] args=$*\"");
    Path script = dir.resolve("startserv");
    Files.writeString(script, c.newText(), StandardCharsets.UTF_8);
    String start = sh(script, bin);
    assertEquals(
        "64=["
            + dir
            + "/usr/lib/64/libumem.so  /usr/lib/sparcv9/mpss.so.1] 32=[libCld.so "
            + dir
            + "/usr/lib/libumem.so ] heap=[256M] args=-d /var/opt/SUNWwbsvr7/https-shop/config"
            + " -r "
            + root
            + " -t /tmp/https-shop -u webservd",
        start);
    assertEquals(
        "64=["
            + dir
            + "/usr/lib/64/libumem.so ] 32=[libCld.so "
            + dir
            + "/usr/lib/libumem.so ] heap=[] args=-d /var/opt/SUNWwbsvr7/https-shop/config -r "
            + root
            + " -t /tmp/https-shop -u webservd -i -v",
        sh(script, bin, "--version"));
  }

  private static void tool(Path bin, String name, String body) throws IOException {
    Path p = bin.resolve(name);
    Files.writeString(p, "#!/bin/sh\n" + body + "\n");
    Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
  }

  private static String sh(Path script, Path bin, String... args) throws Exception {
    List<String> cmd = new java.util.ArrayList<>(List.of("sh", script.toString()));
    cmd.addAll(List.of(args));
    ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
    Map<String, String> env = pb.environment();
    env.keySet().removeIf(k -> k.startsWith("LD_PRELOAD") || k.startsWith("MPSS"));
    env.put("PATH", bin + ":/usr/bin:/bin");
    Process p = pb.start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
    assertTrue(p.waitFor(10, TimeUnit.SECONDS));
    return out;
  }
}
