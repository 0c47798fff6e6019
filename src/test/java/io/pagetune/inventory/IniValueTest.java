package io.pagetune.inventory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class IniValueTest {
  @Test
  void unquotedValuesAreTypedLikePythonLiterals() {
    assertEquals(1L, IniValue.typed("1", false));
    assertEquals(-3L, IniValue.typed("-3", false));
    assertEquals(1_000L, IniValue.typed("1_000", false));
    assertEquals(31L, IniValue.typed("0x1F", false));
    assertEquals(8L, IniValue.typed("0o10", false));
    assertEquals(5L, IniValue.typed("0b101", false));
    assertEquals(1.5, IniValue.typed("1.5", false));
    assertEquals(1000.0, IniValue.typed("1e3", false));
    assertEquals(true, IniValue.typed("True", false));
    assertEquals(true, IniValue.typed("true", false));
    assertEquals(false, IniValue.typed("False", false));
    assertEquals(false, IniValue.typed("false", false));
    assertNull(IniValue.typed("None", false));
    assertEquals(List.of(1L, 2L), IniValue.typed("[1,2]", false));
    assertEquals(Map.of("a", 1L), IniValue.typed("{'a': 1}", false));
  }

  @Test
  void textThatIsNotALiteralStaysAString() {
    assertEquals("010", IniValue.typed("010", false)); // Python 3 refuses leading zeros
    assertEquals("yes", IniValue.typed("yes", false)); // not a Python boolean
    assertEquals("10.0.0.1", IniValue.typed("10.0.0.1", false));
    assertEquals("/usr/bin/python3", IniValue.typed("/usr/bin/python3", false));
    assertEquals("[oops", IniValue.typed("[oops", false));
    assertEquals("99999999999999999999", IniValue.typed("99999999999999999999", false));
  }

  @Test
  void quotedValuesStayStrings() {
    assertEquals("42", IniValue.typed("42", true));
    assertEquals("True", IniValue.typed("True", true));
    assertEquals("42", IniValue.fromVarsLine("\"42\""));
    assertEquals("a b", IniValue.fromVarsLine("'a b'"));
    assertEquals(42L, IniValue.fromVarsLine("42"));
    assertEquals("some text here", IniValue.fromVarsLine("some text here"));
  }
}
