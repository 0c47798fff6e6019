package io.pagetune.inventory;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.error.InputException;
import io.pagetune.error.SourceLocation;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class HostPatternTest {
  private static final Inventory INV = Fixtures.load("patterns/hosts.yml");

  private static List<String> select(String pattern) {
    return INV.select(pattern).stream().map(Host::name).toList();
  }

  /** Hosts are given as space-separated short names; '-' means none. */
  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "all|web1.example.com web2.example.com web3.example.org db1.example.com db2.example.com"
            + " eu-web1 lonely",
        "*|web1.example.com web2.example.com web3.example.org db1.example.com db2.example.com"
            + " eu-web1 lonely",
        "web|web1.example.com web2.example.com web3.example.org",
        "db1.example.com|db1.example.com",
        "ungrouped|lonely",
        "web:db|web1.example.com web2.example.com web3.example.org db1.example.com"
            + " db2.example.com",
        "db,web|web1.example.com web2.example.com web3.example.org db1.example.com"
            + " db2.example.com",
        "db , lonely|db1.example.com db2.example.com lonely",
        "web:&staging|web3.example.org",
        "web:!staging|web1.example.com web2.example.com",
        "!staging:web|web1.example.com web2.example.com",
        "&staging|web3.example.org db2.example.com",
        "!web:!db|eu-web1 lonely",
        "web:db:&staging:!db2.example.com|web3.example.org",
        "web*|web1.example.com web2.example.com web3.example.org eu-web1",
        "db?.example.com|db1.example.com db2.example.com",
        "*.example.org|web3.example.org",
        "[dl]*|db1.example.com db2.example.com lonely",
        "[!adlsuw]*|eu-web1",
        "~db\\d|db1.example.com db2.example.com",
        "~web\\d{1,2}\\.example|web1.example.com web2.example.com web3.example.org",
        "~example|-",
        "~.*org$|web3.example.org",
        "~staging|web3.example.org db2.example.com",
        "nosuch|-",
        "web1.example.com:nosuch:web1.example.com|web1.example.com",
        "staging:web1.example.com|web1.example.com web3.example.org db2.example.com",
        "web[0]|web1.example.com",
        "web[-1]|web3.example.org",
        "web[1:2]|web2.example.com web3.example.org",
        "web[1:]|web2.example.com web3.example.org",
        "web[0:0]|web1.example.com",
        "web[7]|-",
        "all:!web[0]|web2.example.com web3.example.org db1.example.com db2.example.com eu-web1"
            + " lonely",
        "web*[0]|web1.example.com",
      })
  void patternsSelectHostsInInventoryOrder(String pattern, String expected) {
    List<String> want = expected.equals("-") ? List.of() : Arrays.asList(expected.split(" "));
    assertEquals(want, select(pattern));
  }

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        "web::db|5|empty term",
        "web:|5|empty term",
        ":web|1|empty term",
        "web,,db|5|empty term",
        "web:&|5|'&' needs a group or host name after it",
        "web:!|5|'!' needs a group or host name after it",
        "'web:! '|5|'!' needs a group or host name after it",
        "db:~|4|'~' needs a regular expression after it",
        "~web(|1|invalid regular expression 'web(': Unclosed group",
        "web,~db[|5|invalid regular expression 'db[': Unclosed character class",
      })
  void badPatternsNameTheColumnOfTheBadTerm(String pattern, int column, String why) {
    InputException e =
        assertThrows(
            InputException.class, () -> INV.select(pattern, new SourceLocation("site.yml", 3, 10)));
    assertEquals(new SourceLocation("site.yml", 3, 9 + column), e.location());
    assertEquals("invalid host pattern '" + pattern + "': " + why, e.reason());
  }

  @Test
  void blankPatternIsAnError() {
    InputException e =
        assertThrows(InputException.class, () -> INV.select(" ", SourceLocation.of("--limit")));
    assertEquals("--limit:1:1: empty host pattern", e.getMessage());
  }

  @Test
  void implicitLocalhostIsLocalAndNotPartOfAll() {
    List<Host> local = INV.select("localhost");
    assertEquals(1, local.size());
    Host h = local.get(0);
    assertEquals("localhost", h.name());
    assertTrue(h.implicit());
    assertEquals("local", h.vars().resolve().get("ansible_connection"));
    assertEquals(List.of(), h.vars().resolve().get("group_names"));
    assertFalse(select("all").contains("localhost"));
    assertFalse(select("*").contains("localhost"));
    assertTrue(INV.host("localhost").isEmpty());
    List<String> allAndLocal = select("all:localhost");
    assertEquals("localhost", allAndLocal.get(allAndLocal.size() - 1));
    assertEquals(8, allAndLocal.size());
    assertEquals(List.of(), select("localhost:!localhost"));
    assertEquals(List.of("127.0.0.1"), select("127.0.0.1"));
  }

  @Test
  void implicitLocalhostGetsAllGroupVariables() {
    Inventory same = Fixtures.load("precedence/hosts.yml");
    Host local = same.select("localhost").get(0);
    assertEquals("all-file", local.vars().resolve().get("shadow"));
    assertEquals("localhost", local.vars().resolve().get("inventory_hostname"));
  }

  @Test
  void listedLocalhostIsTheInventoryHost() {
    Inventory inv = Fixtures.load("patterns/yaml-without-extension");
    Host local = inv.select("localhost").get(0);
    assertFalse(local.implicit());
    assertEquals(42L, local.vars().resolve().get("answer"));
    assertEquals(
        List.of("localhost", "remote1"), inv.select("all").stream().map(Host::name).toList());
    Host loopback = inv.select("127.0.0.1").get(0);
    assertTrue(loopback.implicit(), "127.0.0.1 is not listed, so it is implicit");
  }

  @Test
  void globTranslation() {
    assertTrue("web[".matches(HostPattern.globToRegex("web[")), "unclosed bracket is literal");
    assertTrue("webx".matches(HostPattern.globToRegex("web?")));
    assertFalse("web.x".matches(HostPattern.globToRegex("web?")));
    assertTrue("a.b".matches(HostPattern.globToRegex("a.b")));
    assertFalse("axb".matches(HostPattern.globToRegex("a.b")), "a dot is literal");
  }
}
