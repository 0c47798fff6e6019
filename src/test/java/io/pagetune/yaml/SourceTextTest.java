package io.pagetune.yaml;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pagetune.error.SourceLocation;
import org.junit.jupiter.api.Test;

class SourceTextTest {
  private static final String DOC =
      "a: \"x {{ y }}\"\n"
          + "b: |\n"
          + "  one\n"
          + "    two {{ z }}\n"
          + "c: 'it''s {{ w }}'\n"
          + "d: [p, p]\n"
          + "e: \"say \\\"hi\\\"\"\n";

  private final YamlValue.Mapping root =
      (YamlValue.Mapping) new YamlReader(java.nio.file.Path.of("")).parse(DOC, "f.yml");
  private final SourceText text = SourceText.of(DOC);

  private SourceLocation at(String key, String part) {
    YamlValue.Scalar s = (YamlValue.Scalar) root.get(key);
    String value = s.asText();
    return text.locate(s.location(), value, value.indexOf(part), part.length());
  }

  @Test
  void quotedScalarPointsPastTheQuote() {
    assertEquals(new SourceLocation("f.yml", 1, 7), at("a", "{{ y }}"));
  }

  @Test
  void blockScalarPointsAtTheLineInside() {
    assertEquals(new SourceLocation("f.yml", 4, 9), at("b", "{{ z }}"));
  }

  @Test
  void escapesBeforeThePartDoNotMatter() {
    assertEquals(new SourceLocation("f.yml", 5, 11), at("c", "{{ w }}"));
  }

  @Test
  void partNotWrittenVerbatimFallsBackToTheScalarStart() {
    YamlValue.Scalar s = (YamlValue.Scalar) root.get("e");
    assertEquals("say \"hi\"", s.asText());
    assertEquals(s.location(), text.locate(s.location(), s.asText(), 4, 4)); // written \"hi\"
  }

  @Test
  void positionOfAnOffset() {
    assertEquals(new SourceLocation("f.yml", 2, 1), text.position("f.yml", DOC.indexOf("b:")));
  }
}
