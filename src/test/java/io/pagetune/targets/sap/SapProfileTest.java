package io.pagetune.targets.sap;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.pages.Fixtures;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SapProfileTest {
  @ParameterizedTest
  @ValueSource(
      strings = {
        "pages/sap_profile/ascs_setenv_domain.pfl",
        "pages/sap_profile/NWP_D00_sapnwpas.pfl",
        "pages/sap_profile/START_ASCS01_maxdata.pfl",
        "pages/sap_profile/compliant.pfl",
        "pages/sap_profile/commented_only.pfl"
      })
  void rendersFixturesBackByteForByte(String path) {
    String text = Fixtures.read(path);
    assertEquals(text, SapProfile.parse(text).render());
  }

  @Test
  void keepsCrlfAndMissingFinalNewline() {
    String text = "A = 1\r\n# c\r\n\r\nB = x=y";
    SapProfile p = SapProfile.parse(text);
    assertEquals(text, p.render());
    assertEquals(4, p.lines().size());
    assertEquals("\r\n", p.dominantTerminator());
    assertEquals(Optional.of("x=y"), p.value("B"));
  }

  @Test
  void domainSampleKeepsValuesVerbatimAndFlagsTheEllipsis() {
    SapProfile p = SapProfile.parse(Fixtures.read("pages/sap_profile/ascs_setenv_domain.pfl"));
    assertEquals(6, p.parameters().size());
    assertEquals(
        Optional.of("LD_LIBRARY_PATH=$(DIR_LIBRARY):%(LD_LIBRARY_PATH)"), p.value("SETENV_01"));
    assertEquals(List.of("line 6: not a 'name = value' line, ignored: ..."), p.warnings());
  }

  @Test
  void instanceProfileKeysWithBracketsAndLineNumbers() {
    SapProfile p = SapProfile.parse(Fixtures.read("pages/sap_profile/NWP_D00_sapnwpas.pfl"));
    assertEquals(Optional.of("true"), p.value("icm[J2EE]/enable_icmadm"));
    assertEquals(Optional.of("135:PFS:HIGH::EC_P256:EC_HIGH"), p.value("ssl/ciphersuites"));
    assertEquals(Optional.of("$(DIR_PROFILE)/NWP_D00_sapnwpas"), p.value("_PF"));
    ProfileLine secudir =
        p.parameters().stream().filter(l -> l.key().equals("SETENV_05")).findFirst().orElseThrow();
    assertEquals(26, secudir.number());
    assertTrue(p.warnings().isEmpty());
    assertTrue(p.value("#SETENV_06").isEmpty());
  }

  @Test
  void laterDefinitionWins() {
    SapProfile p = SapProfile.parse("rdisp/x = 1\nrdisp/x = 2\n");
    assertEquals(Optional.of("2"), p.value("rdisp/x"));
  }

  @Test
  void valueReplacementKeepsSpacing() {
    ProfileLine l = ProfileLine.of(1, "KEY   =   old value   ", "\n");
    assertEquals("old value", l.value());
    assertEquals("KEY   =   new   ", l.textWithValue("new"));
    ProfileLine empty = ProfileLine.of(2, "KEY =", "\n");
    assertEquals("", empty.value());
    assertEquals("KEY =v", empty.textWithValue("v"));
  }

  @Test
  void emptyTextIsEmptyProfile() {
    assertEquals(0, SapProfile.parse("").lines().size());
    assertEquals("", SapProfile.parse("").render());
  }
}
