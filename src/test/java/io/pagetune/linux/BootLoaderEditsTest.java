package io.pagetune.linux;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.linux.sysctl.FileEdit;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code src/test/resources/linux/bootloader/<case>/}: kernel parameters are written into the files
 * the distribution keeps the command line in, as ordinary file edits. Each case asserts the exact
 * files (or the refusal), that the host read again after writing boots exactly as the plan
 * predicted (every entry has the parameters), that the next kernel install keeps them, and that a
 * second plan writes nothing.
 */
class BootLoaderEditsTest {
  static Stream<Path> cases() throws Exception {
    return LinuxRuleCase.cases("bootloader").stream();
  }

  @ParameterizedTest
  @MethodSource("cases")
  void theNextBootAndTheNextKernelInstallGetTheParameters(Path dir, @TempDir Path tmp)
      throws Exception {
    LinuxRuleCase c = new LinuxRuleCase(dir, tmp);
    List<String> params = words(c.file("params"));
    List<String> drop = words(c.file("drop"));
    LinuxBootConfig boot = c.boot();
    for (String before : c.lines("expected-before")) {
      String name = before.substring(0, before.indexOf('='));
      for (KernelCmdline line : BootCmdline.nextBoot(boot)) {
        assertEquals(Optional.of(before.substring(name.length() + 1)), line.last(name));
      }
    }
    BootLoaderEdits.Result plan = BootLoaderEdits.plan(boot, params, drop);
    Optional<String> refused = c.file("refused");
    if (refused.isPresent()) {
      assertTrue(
          plan.refusal().orElse("").contains(refused.get().strip()), "refusal: " + plan.refusal());
      return;
    }
    assertEquals(Optional.empty(), plan.refusal());
    assertEquals(c.lines("expected-edits"), plan.edits().stream().map(FileEdit::path).toList());
    for (FileEdit e : plan.edits()) {
      Optional<String> expected = c.file("expected-after" + e.path());
      if (expected.isPresent()) {
        assertEquals(expected.get(), e.after(), e.path());
      }
    }
    List<KernelCmdline> predicted =
        BootCmdline.nextBoot(BootLoaderEdits.written(boot, plan.edits()));
    assertFalse(predicted.isEmpty());
    predicted.forEach(l -> assertTrue(BootCmdline.has(l, params), l::toString));

    c.apply(plan.edits());
    LinuxBootConfig next = c.boot();
    // what check mode predicted is what the written host boots with
    assertEquals(predicted, BootCmdline.nextBoot(next));
    for (FileEdit e : plan.edits()) {
      if (e.path().endsWith("grubenv")) {
        assertEquals(1024, Files.size(c.hostPath(e.path())));
      }
    }
    // a kernel installed before the reboot keeps them
    next.defaultGrub()
        .ifPresent(
            g ->
                assertTrue(
                    BootCmdline.has(BootCmdline.fromGrubDefaults(g.text()).orElseThrow(), params)));
    next.kernelCmdline()
        .ifPresent(k -> assertTrue(BootCmdline.has(KernelCmdline.parse(k.text()), params)));
    assertEquals(List.of(), BootLoaderEdits.plan(next, params, drop).edits());
  }

  private static List<String> words(Optional<String> text) {
    return text.map(t -> BootLoaderEdits.words(t.strip())).orElse(List.of());
  }
}
