package io.pagetune.inventory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.error.InputException;
import io.pagetune.error.SourceLocation;
import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class HostRangeTest {
  private static final SourceLocation AT = new SourceLocation("hosts", 4, 2);

  @Test
  void zeroPaddedRangeKeepsItsWidth() {
    List<String> names = HostRange.expand("db[01:20].example.com", AT);
    assertEquals(20, names.size());
    assertEquals("db01.example.com", names.get(0));
    assertEquals("db09.example.com", names.get(8));
    assertEquals("db20.example.com", names.get(19));
  }

  @Test
  void unpaddedRangeAndStep() {
    assertEquals(List.of("db1", "db3", "db5", "db7", "db9"), HostRange.expand("db[1:10:2]", AT));
    assertEquals(List.of("n8", "n9", "n10"), HostRange.expand("n[8:10]", AT));
    assertEquals(List.of("h0", "h1", "h2"), HostRange.expand("h[:2]", AT));
  }

  @Test
  void letterRange() {
    assertEquals(
        List.of("weba", "webb", "webc", "webd", "webe", "webf"), HostRange.expand("web[a:f]", AT));
    assertEquals(List.of("xa", "xc", "xe"), HostRange.expand("x[a:e:2]", AT));
  }

  @Test
  void severalRangesExpandLeftToRight() {
    assertEquals(
        List.of("r1-a.dc", "r1-b.dc", "r2-a.dc", "r2-b.dc"),
        HostRange.expand("r[1:2]-[a:b].dc", AT));
  }

  @Test
  void nameWithoutRangeIsItself() {
    assertEquals(List.of("plain.example.com"), HostRange.expand("plain.example.com", AT));
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "db[1:]|no end value",
        "db[x:3]|'x' is not a number",
        "db[3:1]|begins after it ends",
        "db[f:a]|begins after it ends",
        "db[01:100]|same width",
        "db[1:5:0]|positive",
        "db[1:3|unbalanced",
        "db1:3]|unbalanced",
        "db[1-3]|[begin:end]",
        "db[1:2:3:4]|[begin:end]",
        "db[0:999999999]|more than 100000 hosts",
      })
  void malformedRangesAreInputErrors(String name, String reason) {
    InputException e = assertThrows(InputException.class, () -> HostRange.expand(name, AT));
    assertEquals(AT, e.location());
    assertTrue(
        e.getMessage().startsWith("hosts:4:2: malformed host range '" + name + "'"),
        e.getMessage());
    assertTrue(e.reason().contains(reason), e.reason());
  }

  @Test
  void hostSpecSplitsPortButKeepsIpv6AndRanges() {
    HostSpec withPort = HostSpec.parse("db[1:2]:2222", AT);
    assertEquals(List.of("db1", "db2"), withPort.names());
    assertEquals(OptionalInt.of(2222), withPort.port());
    HostSpec ipv6 = HostSpec.parse("fe80::1", AT);
    assertEquals(List.of("fe80::1"), ipv6.names());
    assertEquals(OptionalInt.empty(), ipv6.port());
  }
}
