package io.pagetune.linux;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.linux.ThpMode.State;
import io.pagetune.pages.Fixtures;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ThpModeTest {
  @Test
  void domainSampleEnabledFile() {
    ThpMode t =
        ThpMode.parseEnabled(Fixtures.read("facts/thp_mode/domain_enabled_file.txt"), ThpMode.PATH);
    assertEquals(State.ACTIVE, t.state());
    assertEquals(Optional.of("always"), t.active());
    assertEquals(List.of("always", "madvise", "never"), t.choices());
  }

  @Test
  void scriptOutputNever() {
    ThpMode t = ThpMode.fact().parse(Fixtures.ok("facts/thp_mode/never.txt"));
    assertTrue(t.is("never"));
    assertEquals(ThpMode.PATH, t.path());
  }

  @Test
  void rhel6Path() {
    ThpMode t = ThpMode.parse(Fixtures.read("facts/thp_mode/rhel6.txt"));
    assertEquals(Optional.of("always"), t.active());
    assertEquals(ThpMode.RHEL6_PATH, t.path());
    assertEquals(List.of("always", "never"), t.choices());
  }

  @Test
  void absentFileMeansCompiledOut() {
    ThpMode t = ThpMode.parse(Fixtures.read("facts/thp_mode/compiled_out.txt"));
    assertEquals(State.COMPILED_OUT, t.state());
    assertTrue(t.active().isEmpty());
  }

  @Test
  void emptyOrOddOutputIsUnreadable() {
    assertEquals(State.UNREADABLE, ThpMode.parse("").state());
    assertEquals(State.UNREADABLE, ThpMode.parse(ThpMode.PATH + "\nalways madvise never").state());
  }

  @Test
  void scriptChecksBothPaths() {
    String s = ThpMode.fact().script();
    assertTrue(s.contains(ThpMode.PATH) && s.contains(ThpMode.RHEL6_PATH));
  }
}
