package io.pagetune.targets.solaris;

import static org.junit.jupiter.api.Assertions.assertEquals;
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
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MpssStartservTest {
  private static final AuditStamp STAMP =
      new AuditStamp("r-0001", Instant.parse("2026-11-29T21:00:00Z"));
  private static final AuditStamp LATER =
      new AuditStamp("r-0002", Instant.parse("2026-12-01T08:00:00Z"));
  private static final String STARTSERV = Fixtures.read("pages/startserv/startserv");

  private static PagesizeA sizes(String name) {
    return PagesizeA.parse(Fixtures.read("facts/pagesize_a/" + name));
  }

  @Test
  void sixtyFourBitOnCmtGets256MBlockBeforeExec() {
    TextEdit.Changed c =
        assertInstanceOf(
            TextEdit.Changed.class,
            MpssStartserv.ensure(STARTSERV, ElfWordSize.BITS_64, sizes("sparc_cmt.txt"), STAMP));
    assertEquals(Fixtures.read("pages/startserv/startserv.expected-64bit-256M"), c.newText());
  }

  @Test
  void secondRunIsUnchanged() {
    TextEdit.Changed c =
        assertInstanceOf(
            TextEdit.Changed.class,
            MpssStartserv.ensure(STARTSERV, ElfWordSize.BITS_64, sizes("sparc_cmt.txt"), STAMP));
    assertInstanceOf(
        TextEdit.Unchanged.class,
        MpssStartserv.ensure(c.newText(), ElfWordSize.BITS_64, sizes("sparc_cmt.txt"), LATER));
  }

  @Test
  void fourMegOnlyUsesThe64Library() {
    TextEdit.Changed c =
        assertInstanceOf(
            TextEdit.Changed.class,
            MpssStartserv.ensure(
                STARTSERV, ElfWordSize.BITS_64, sizes("sparc_4m_only.txt"), STAMP));
    assertTrue(c.newText().contains(" }/usr/lib/64/mpss.so.1\" ;;\n"));
    assertTrue(c.newText().contains("\nMPSSHEAP=4M\n"));
  }

  @Test
  void thirtyTwoBitUsesTheWordSizeVariable() {
    TextEdit.Changed c =
        assertInstanceOf(
            TextEdit.Changed.class,
            MpssStartserv.ensure(STARTSERV, ElfWordSize.BITS_32, sizes("sparc_cmt.txt"), STAMP));
    // the script sets only LD_PRELOAD_64 (a 64-bit library): the 32-bit server reads LD_PRELOAD_32
    assertTrue(c.newText().contains("\nexport LD_PRELOAD_32\n"), c.newText());
    assertTrue(c.newText().contains(" }/usr/lib/mpss.so.1\" ;;\n"));
    assertTrue(
        !c.newText().contains("LD_PRELOAD_32=\"${LD_PRELOAD_32:-"), "no 32-bit entry to keep");
  }

  @Test
  void changingVariantReplacesTheBlockInsteadOfAddingOne() {
    TextEdit.Changed first =
        assertInstanceOf(
            TextEdit.Changed.class,
            MpssStartserv.ensure(
                STARTSERV, ElfWordSize.BITS_64, sizes("sparc_4m_only.txt"), STAMP));
    TextEdit.Changed second =
        assertInstanceOf(
            TextEdit.Changed.class,
            MpssStartserv.ensure(
                first.newText(), ElfWordSize.BITS_64, sizes("sparc_cmt.txt"), STAMP));
    assertEquals(Fixtures.read("pages/startserv/startserv.expected-64bit-256M"), second.newText());
  }

  @Test
  void blockMovedAwayFromExecIsPutBack() {
    String expected = Fixtures.read("pages/startserv/startserv.expected-64bit-256M");
    String moved =
        expected.replace("# END pagetune MPSS\n", "# END pagetune MPSS\nulimit -n 8192\n");
    TextEdit.Changed c =
        assertInstanceOf(
            TextEdit.Changed.class,
            MpssStartserv.ensure(moved, ElfWordSize.BITS_64, sizes("sparc_cmt.txt"), STAMP));
    assertTrue(c.newText().contains("cd \"$INSTANCE_ROOT\" || exit 1\nulimit -n 8192\n# BEGIN"));
    assertEquals(1, c.newText().split("# BEGIN pagetune MPSS", -1).length - 1);
  }

  @Test
  void refusals() {
    assertInstanceOf(
        TextEdit.Refused.class,
        MpssStartserv.ensure(STARTSERV, ElfWordSize.BITS_64, sizes("solaris_x86.txt"), STAMP));
    assertInstanceOf(
        TextEdit.Refused.class,
        MpssStartserv.ensure(STARTSERV, ElfWordSize.UNKNOWN, sizes("sparc_cmt.txt"), STAMP));
    assertInstanceOf(
        TextEdit.Refused.class,
        MpssStartserv.ensure(
            "#!/bin/sh\necho hello\n", ElfWordSize.BITS_64, sizes("sparc_cmt.txt"), STAMP));
    assertInstanceOf(
        TextEdit.Refused.class,
        MpssStartserv.ensure(
            "# BEGIN pagetune MPSS\nexec webservd\n",
            ElfWordSize.BITS_64,
            sizes("sparc_cmt.txt"),
            STAMP));
  }

  /**
   * Runs the generated block in a real POSIX shell: it must append, not replace, and not repeat.
   */
  @Test
  void blockAppendsToAnExistingPreloadAtRunTime(@TempDir Path dir)
      throws IOException, InterruptedException {
    MpssVariant v = MpssVariant.choose(ElfWordSize.BITS_64, sizes("sparc_cmt.txt")).orElseThrow();
    String block =
        String.join(
            "\n",
            new MpssBlock(v.preloadVariable(), v.library(), v.heap(), List.of(), true, true, true)
                .lines());
    Path script = dir.resolve("block.sh");
    Files.writeString(
        script,
        block + "\n" + block + "\necho \"$LD_PRELOAD_64|$MPSSHEAP\"\n",
        StandardCharsets.UTF_8);
    assertEquals("/opt/x.so /usr/lib/sparcv9/mpss.so.1|256M", run(script, "/opt/x.so"));
    assertEquals(
        "/opt/x.so:/usr/lib/sparcv9/mpss.so.1|256M",
        run(script, "/opt/x.so:/usr/lib/sparcv9/mpss.so.1"));
    assertEquals("/usr/lib/sparcv9/mpss.so.1|256M", run(script, null));
  }

  private static String run(Path script, String preload) throws IOException, InterruptedException {
    ProcessBuilder pb = new ProcessBuilder("sh", script.toString()).redirectErrorStream(true);
    pb.environment().remove("LD_PRELOAD_64");
    if (preload != null) {
      pb.environment().put("LD_PRELOAD_64", preload);
    }
    Process p = pb.start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
    assertTrue(p.waitFor(10, TimeUnit.SECONDS));
    return out;
  }
}
