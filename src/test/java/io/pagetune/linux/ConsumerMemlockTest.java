package io.pagetune.linux;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code src/test/resources/linux/memlock/<case>/}: the memlock of a consumer's owner, persisted
 * from its starter (systemd unit with drop-ins and manager defaults, PAMName=, or a login through
 * pam_limits) and effective from its running processes' {@code /proc/<pid>/limits}, read by the
 * real snippets on the case's host tree.
 */
class ConsumerMemlockTest {
  static Stream<Path> cases() throws Exception {
    return LinuxRuleCase.cases("memlock").stream();
  }

  @ParameterizedTest
  @MethodSource("cases")
  void theStarterDecidesPersistedAndTheRunningProcessEffective(Path dir, @TempDir Path tmp)
      throws Exception {
    LinuxRuleCase c = new LinuxRuleCase(dir, tmp);
    String user = c.lines("user").get(0);
    long need = Long.parseLong(c.lines("needed-kb").get(0));
    Set<String> groups = Set.copyOf(List.of(c.file("groups").orElse("").strip().split("\\s+")));
    MemlockStart start = MemlockStart.parse(user, c.run(MemlockStart.script(user)));
    PamLimitsPrecedence.Memlock pam =
        PamLimitsPrecedence.of(c.boot().limits()).memlock(user, groups);
    ConsumerMemlock m =
        ConsumerMemlock.judge(
            start,
            pam,
            need,
            () -> {
              throw new AssertionError("no case here is judged by a fresh login");
            });
    Map<String, String> expected = new LinkedHashMap<>();
    List<String> reasons = new java.util.ArrayList<>();
    for (String l : c.lines("expected")) {
      String k = l.substring(0, l.indexOf(':'));
      String v = l.substring(l.indexOf(':') + 2);
      if (k.equals("reason")) {
        reasons.add(v);
      } else {
        expected.put(k, v);
      }
    }
    assertEquals(expected.get("persisted"), Boolean.toString(m.persisted()), m::toString);
    assertEquals(expected.get("persisted_value"), m.persistedValue());
    assertEquals(expected.get("effective"), Boolean.toString(m.effective()), m::toString);
    assertEquals(expected.get("effective_value"), m.effectiveValue());
    for (String r : reasons) {
      assertTrue(m.reasons().stream().anyMatch(x -> x.contains(r)), m.reasons()::toString);
    }

    // a unit that gives too little gets pagetune's drop-in; read again, the unit gives enough
    UnitMemlockPersistence.Result fix = UnitMemlockPersistence.plan(start, need);
    assertEquals(java.util.Optional.empty(), fix.refusal());
    assertEquals(
        c.lines("expected-edits"),
        fix.edits().stream().map(io.pagetune.linux.sysctl.FileEdit::path).toList());
    c.apply(fix.edits());
    MemlockStart again = MemlockStart.parse(user, c.run(MemlockStart.script(user)));
    if (!fix.edits().isEmpty()) {
      ConsumerMemlock fixed = ConsumerMemlock.judge(again, pam, need, () -> null);
      assertTrue(fixed.persisted(), fixed::toString);
    }
    assertEquals(List.of(), UnitMemlockPersistence.plan(again, need).edits());
  }

  @Test
  void procLimitsAreBytesAndSystemdSizesUseBinarySuffixes() {
    assertEquals(
        "soft 64, hard unlimited",
        ConsumerMemlock.describe(
            ProcLimits.memlock("Max locked memory         65536                unlimited   bytes\n")
                .orElseThrow()));
    assertEquals(
        "soft 8192, hard 1048576",
        ConsumerMemlock.describe(SystemdMemlock.parse("8M:1G").orElseThrow()));
    // the kernel never lets the soft limit exceed the hard one
    assertEquals(
        "soft 1024, hard 1024",
        ConsumerMemlock.describe(
            ConsumerMemlock.capped(MemlockLimit.parse("unlimited"), MemlockLimit.parse("1024"))));
  }
}
