package io.pagetune.linux.sysctl;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.linux.LinuxBootConfig;
import io.pagetune.linux.LinuxRuleCase;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code src/test/resources/linux/tuned/<case>/}: the tuned profiles boot applies (includes,
 * several active profiles, /etc before /usr/lib, reapply_sysctl) decide whether pagetune's sysctl
 * file is what boot applies. Each case asserts the merged chain, the boot value before, the exact
 * edits (or the refusal), that the next read of the written host shows what the plan predicted, and
 * that a second plan changes nothing.
 */
class TunedPrecedenceTest {
  private static final String OWN = "/etc/sysctl.d/97-pagetune-hugepages.conf";

  static Stream<Path> cases() throws Exception {
    return LinuxRuleCase.cases("tuned").stream();
  }

  @ParameterizedTest
  @MethodSource("cases")
  void pagetunesValueIsWhatBootAppliesOrThePlanIsRefused(Path dir, @TempDir Path tmp)
      throws Exception {
    LinuxRuleCase c = new LinuxRuleCase(dir, tmp);
    Map<String, String> desired = new LinkedHashMap<>();
    for (String l : c.lines("desired")) {
      desired.put(l.substring(0, l.indexOf('=')).strip(), l.substring(l.indexOf('=') + 1).strip());
    }
    String ownText = String.join("\n", c.lines("desired")) + "\n";
    LinuxBootConfig boot = c.boot();
    assertEquals(
        c.lines("expected-chain"),
        boot.tunedProfile()
            .map(t -> t.chain().stream().map(ConfFile::path).toList())
            .orElseThrow());

    SysctlPersistence.Result plan =
        SysctlPersistence.plan(boot.sysctlBoot(), OWN, "", ownText, desired);
    for (String l : c.lines("expected-before")) {
      String key = l.substring(0, l.indexOf(':'));
      assertEquals(l.substring(l.indexOf(':') + 2), plan.before().get(key).describe());
    }
    Optional<String> refused = c.file("refused");
    if (refused.isPresent()) {
      assertTrue(
          plan.refusal().orElse("").contains(refused.get().strip()), "refusal: " + plan.refusal());
      assertEquals(List.of(), plan.edits());
      return;
    }
    assertEquals(Optional.empty(), plan.refusal());
    assertEquals(c.lines("expected-edits"), plan.edits().stream().map(FileEdit::path).toList());
    for (FileEdit e : plan.edits()) {
      if (!e.path().equals(OWN)) {
        assertEquals(c.file("expected-after" + e.path()).orElseThrow(), e.after(), e.path());
      }
    }

    c.apply(plan.edits());
    LinuxBootConfig next = c.boot();
    boolean reapply = TunedProfile.reapplySysctl(next.tunedMain());
    for (Map.Entry<String, String> d : desired.entrySet()) {
      SysctlPersistence.BootValue now =
          SysctlPersistence.bootValue(next.sysctl(), next.tunedProfile(), reapply, d.getKey());
      // persisted: boot now applies the value, exactly as the plan predicted
      assertEquals(d.getValue(), now.value());
      assertEquals(plan.after().get(d.getKey()), now);
    }
    SysctlPersistence.Result again =
        SysctlPersistence.plan(next.sysctlBoot(), OWN, ownText, ownText, desired);
    assertEquals(List.of(), again.edits());
    assertEquals(Optional.empty(), again.refusal());
  }
}
