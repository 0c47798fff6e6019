package io.pagetune.yaml;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.error.InputException;
import io.pagetune.error.SourceLocation;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class YamlReaderTest {
  private final YamlReader reader = new YamlReader(Path.of(""));

  @Test
  void resolvesPlainScalarsLikeAnsible() {
    YamlValue v =
        reader.parse(
            "a: yes\nb: off\nc: 0644\nd: '0644'\ne: 12884901888\nf: 1.5\ng: ~\nh: !!str 10\ni: \"yes\"\n",
            "t.yml");
    @SuppressWarnings("unchecked")
    Map<String, Object> m = (Map<String, Object>) v.toPlain();
    assertEquals(true, m.get("a"));
    assertEquals(false, m.get("b"));
    assertEquals(420L, m.get("c"));
    assertEquals("0644", m.get("d"));
    assertEquals(12884901888L, m.get("e"));
    assertEquals(1.5, m.get("f"));
    assertTrue(m.containsKey("g") && m.get("g") == null);
    assertEquals("10", m.get("h"));
    assertEquals("yes", m.get("i"));
  }

  @Test
  void keepsLocationsOfKeysAndValues() {
    YamlValue.Mapping m = (YamlValue.Mapping) reader.parse("first: 1\nsecond:\n  - x\n", "p.yml");
    assertEquals("p.yml:2:1", m.keyLocation("second").toString());
    YamlValue.Seq seq = (YamlValue.Seq) m.get("second");
    assertEquals(new SourceLocation("p.yml", 3, 5), seq.items().get(0).location());
  }

  @Test
  void duplicateKeyNamesBothPlaces() {
    InputException e =
        assertThrows(InputException.class, () -> reader.parse("a: 1\nb: 2\na: 3\n", "d.yml"));
    assertEquals("d.yml:3:1: duplicate key 'a' (first at d.yml:1:1)", e.getMessage());
  }

  @Test
  void malformedYamlHasLineAndColumn() {
    InputException e =
        assertThrows(InputException.class, () -> reader.parse("a: [1, 2\nb: 3\n", "bad.yml"));
    assertTrue(e.getMessage().startsWith("bad.yml:"), e.getMessage());
    assertTrue(e.getMessage().contains("invalid YAML"), e.getMessage());
    assertTrue(e.location().line() >= 1);
  }

  @Test
  void billionLaughsIsRefused() {
    StringBuilder sb =
        new StringBuilder(
            "a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n");
    char prev = 'a';
    for (char c = 'b'; c <= 'i'; c++) {
      sb.append(c).append(": &").append(c).append(" [");
      for (int i = 0; i < 9; i++) {
        sb.append(i == 0 ? "" : ",").append('*').append(prev);
      }
      sb.append("]\n");
      prev = c;
    }
    InputException e =
        assertThrows(InputException.class, () -> reader.parse(sb.toString(), "bomb.yml"));
    assertTrue(e.getMessage().startsWith("bomb.yml:"), e.getMessage());
  }

  @Test
  void aliasExpansionBelowTheAliasCapIsStillBounded() {
    // 5 levels x 10 aliases = 50 aliases (allowed), but 10^5 values after expansion: refused
    StringBuilder sb = new StringBuilder("l0: &l0 [1,2,3,4,5,6,7,8,9,10]\n");
    for (int level = 1; level <= 5; level++) {
      sb.append("l").append(level).append(": &l").append(level).append(" [");
      for (int i = 0; i < 10; i++) {
        sb.append(i == 0 ? "" : ",").append("*l").append(level - 1);
      }
      sb.append("]\n");
    }
    InputException e =
        assertThrows(InputException.class, () -> reader.parse(sb.toString(), "wide.yml"));
    assertTrue(e.getMessage().contains("refused"), e.getMessage());
  }

  @Test
  void oversizedFileIsRefusedBeforeParsing(@TempDir Path dir) throws Exception {
    Path big = dir.resolve("big.yml");
    try (java.io.RandomAccessFile f = new java.io.RandomAccessFile(big.toFile(), "rw")) {
      f.setLength(YamlReader.MAX_BYTES + 10); // sparse
    }
    InputException e = assertThrows(InputException.class, () -> reader.read(big));
    assertTrue(e.getMessage().contains("refusing YAML larger than"), e.getMessage());
  }

  @Test
  void aTenMegabyteOneLineValueLoadsInLinearTime() {
    // quadratic reading took about 150 s for this size (and 1.6 s for 1 MB); linear takes about
    // one second, so the bound tells the two apart on any machine without being a benchmark
    String value = "a".repeat(10_000_000);
    String text = "big: \"" + value + "\"\nplain: " + value + "\n";
    Map<?, ?> vars =
        assertTimeoutPreemptively(
            java.time.Duration.ofSeconds(60),
            () -> (Map<?, ?>) reader.parse(text, "big.yml").toPlain());
    assertEquals(value, vars.get("big"));
    assertEquals(value, vars.get("plain"));
  }

  @Test
  void theReaderTakesAnyTextInAFewSteps() {
    for (int length : new int[] {0, 1023, 1_000_000, 10_000_000, (int) YamlReader.MAX_BYTES}) {
      int steps = length / YamlReader.bufferSize(length) + 1;
      assertTrue(steps <= 17, length + " chars in " + steps + " steps");
    }
  }

  @Test
  void aDeviceThatNeverEndsIsRefusedAtTheLimit() {
    InputException e = assertThrows(InputException.class, () -> reader.read(Path.of("/dev/zero")));
    assertEquals(
        "/dev/zero:1:1: refusing YAML larger than " + YamlReader.MAX_BYTES + " bytes",
        e.getMessage());
  }

  @Test
  void mergeKeysApply() {
    YamlValue v = reader.parse("base: &b {x: 1, y: 2}\nuse:\n  <<: *b\n  y: 3\n", "m.yml");
    @SuppressWarnings("unchecked")
    Map<String, Object> use = (Map<String, Object>) ((Map<String, Object>) v.toPlain()).get("use");
    assertEquals(Map.of("x", 1L, "y", 3L), use);
  }

  @Test
  void emptyDocumentIsEmptyMapping() {
    assertEquals(Map.of(), reader.parse("", "e.yml").toPlain());
    assertEquals(List.of(1L), reader.parse("- 1\n", "l.yml").toPlain());
  }

  @Test
  void missingFileNamesTheFile() {
    InputException e =
        assertThrows(InputException.class, () -> reader.read(Path.of("no/such/file.yml")));
    assertEquals("no/such/file.yml:1:1: file not found", e.getMessage());
  }

  @Test
  void thousandLevelsOfNestingAreRefusedNotAStackOverflow() {
    String flow = "a: " + "[".repeat(1000) + "x" + "]".repeat(1000) + "\n";
    InputException e = assertThrows(InputException.class, () -> reader.parse(flow, "flow.yml"));
    assertEquals(
        "flow.yml:1:"
            + (3 + YamlReader.MAX_DEPTH)
            + ": YAML nested deeper than 200 levels; refused",
        e.getMessage());

    StringBuilder block = new StringBuilder();
    String indent = "";
    for (int i = 0; i < 1000; i++) {
      block.append(indent).append("- k:\n");
      indent += "    ";
    }
    block.append(indent).append("leaf\n");
    InputException b =
        assertThrows(InputException.class, () -> reader.parse(block.toString(), "block.yml"));
    assertTrue(b.getMessage().startsWith("block.yml:"), b.getMessage());
    assertTrue(b.getMessage().endsWith("YAML nested deeper than 200 levels; refused"));
  }

  @Test
  void nestingUpToTheLimitLoads() {
    int depth = YamlReader.MAX_DEPTH - 1; // the document's own mapping is one level
    String flow = "a: " + "[".repeat(depth) + "x" + "]".repeat(depth) + "\n";
    Object v = ((Map<?, ?>) reader.parse(flow, "ok.yml").toPlain()).get("a");
    for (int i = 1; i < depth; i++) {
      v = ((List<?>) v).get(0);
    }
    assertEquals(List.of("x"), v);
  }

  /** A big fleet merges its defaults into every host: thousands of aliases, each one shared. */
  @Test
  void manyAliasesToSmallValuesLoad() {
    StringBuilder sb = new StringBuilder("defaults: &d {a: 1, b: 2, c: 3}\nhosts:\n");
    for (int i = 0; i < 20_000; i++) {
      sb.append("  h").append(i).append(": {<<: *d, n: ").append(i).append("}\n");
    }
    Map<?, ?> hosts =
        (Map<?, ?>) ((Map<?, ?>) reader.parse(sb.toString(), "fleet.yml").toPlain()).get("hosts");
    assertEquals(20_000, hosts.size());
    assertEquals(Map.of("a", 1L, "b", 2L, "c", 3L, "n", 19_999L), hosts.get("h19999"));
  }
}
