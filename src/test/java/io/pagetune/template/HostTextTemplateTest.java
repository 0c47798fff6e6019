package io.pagetune.template;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.error.SourceLocation;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Data from hosts reaches templates as data: every way into a template leaves it untouched. */
class HostTextTemplateTest {
  private static final SourceLocation AT = new SourceLocation("play.yml", 3, 7);
  static final String LEAK = "${hostvars[\"db01\"].ansible_password}";
  static final String INCLUDE = "<#include \"/etc/passwd\">";
  static final String BOMB = "<#list 1..2000000 as i>xxxxxxxxxxxxxxxx</#list>";
  static final String SCRIPT = "echo ${PAGER:+$PAGER} ${1:-x} <@macro/> #{legacy}\n";
  static final String HOSTILE = LEAK + "\n" + INCLUDE + "\n" + BOMB + "\n" + SCRIPT;

  private final TemplateEngine engine = new TemplateEngine(List.of());

  private static Map<String, Object> vars() {
    Map<String, Object> vars = new LinkedHashMap<>();
    vars.put("hostvars", Map.of("db01", Map.of("ansible_password", "s3cret-db01")));
    Map<String, Object> registered = new LinkedHashMap<>();
    registered.put("stdout", HOSTILE);
    registered.put("stdout_lines", List.of(LEAK, INCLUDE, BOMB));
    registered.put("rc", 0L);
    vars.put("out", HostText.mark(registered));
    vars.put("nodename", HostText.mark(LEAK + INCLUDE));
    return vars;
  }

  @Test
  void aSingleExpressionYieldsTheHostTextByteForByte() {
    Object v = engine.interpolate("${out.stdout}", vars(), AT, "t");
    assertEquals(HOSTILE, v);
    assertInstanceOf(String.class, v, "consumers get a plain string");
  }

  @Test
  void textAroundHostDataIsRenderedOnceAndTheDataStaysAsItIs() {
    assertEquals(
        "[" + HOSTILE + "]" + LEAK + INCLUDE,
        engine.interpolate("[${out.stdout}]${nodename}", vars(), AT, "t"));
    assertEquals("<" + LEAK + ">", engine.render("<${out.stdout_lines[0]}>", vars(), AT, "t"));
  }

  @Test
  void listsAndMapsOfHostDataComeOutPlainAndUnevaluated() {
    Object lines = engine.interpolate("${out.stdout_lines}", vars(), AT, "t");
    assertEquals(List.of(LEAK, INCLUDE, BOMB), lines);
    ((List<?>) lines).forEach(l -> assertInstanceOf(String.class, l));
    Object whole = engine.evaluate("out", vars(), AT, "t");
    assertEquals(HOSTILE, ((Map<?, ?>) whole).get("stdout"));
    assertInstanceOf(String.class, ((Map<?, ?>) whole).get("stdout"));
    assertEquals(0L, ((Map<?, ?>) whole).get("rc"));
  }

  @Test
  void aUserVariableThatRefersToHostDataDoesNotRenderItAgain() {
    Map<String, Object> vars = vars();
    vars.put("script", "${out.stdout}");
    vars.put("wrapped", "#!${script}");
    vars.put("nested", Map.of("body", List.of("${script}")));
    assertEquals("#!" + HOSTILE, engine.interpolate("${wrapped}", vars, AT, "t"));
    assertEquals(Map.of("body", List.of(HOSTILE)), engine.interpolate("${nested}", vars, AT, "t"));
    assertTrue(engine.test("script?contains('db01')", vars, AT, "t"));
  }

  @Test
  void aValueThatIsAlreadyDataIsNotAskedToRender() {
    Object v = engine.interpolate(HostText.mark(Map.of("k", LEAK)), vars(), AT, "t");
    assertEquals(Map.of("k", LEAK), v);
    assertEquals("root", engine.interpolate(new HostText("root"), vars(), AT, "t"));
  }

  @Test
  void filtersSeeThePlainText() {
    assertEquals(3L, engine.evaluate("length(out.stdout_lines)", vars(), AT, "t"));
    assertEquals(LEAK, engine.evaluate("regex_search(out.stdout, '^(.*)$')", vars(), AT, "t"));
    assertEquals(
        List.of(LEAK, INCLUDE, BOMB, SCRIPT.strip(), ""),
        engine.evaluate("lines(out.stdout)", vars(), AT, "t"));
  }

  @Test
  void aTemplateFileShowsHostDataVerbatim(@TempDir Path dir) throws Exception {
    Files.writeString(dir.resolve("motd.ftl"), "node=${nodename}\n${out.stdout}");
    TemplateEngine files = new TemplateEngine(List.of(dir));
    assertEquals(
        "node=" + LEAK + INCLUDE + "\n" + HOSTILE,
        files.renderFile("motd.ftl", vars(), AT, "template"));
  }

  @Test
  void whitespaceAroundASingleExpressionIsKeptForText() {
    Map<String, Object> vars = vars();
    vars.put("n", 3L);
    vars.put("items", List.of("a"));
    assertEquals(HOSTILE + "\n", engine.interpolate("${out.stdout}\n", vars, AT, "t"));
    assertEquals("3\n", engine.interpolate("${n}\n", vars, AT, "t"));
    assertEquals(List.of("a"), engine.interpolate("${items}\n", vars, AT, "t"));
    assertEquals(3L, engine.interpolate("${n}", vars, AT, "t"));
  }

  @Test
  void markingIsDeepAndPlainUndoesItExactly() {
    Map<String, Object> raw = new LinkedHashMap<>();
    raw.put("s", SCRIPT);
    raw.put("n", 4L);
    raw.put("none", null);
    raw.put("l", List.of("a", Map.of("b", LEAK)));
    Object marked = HostText.mark(raw);
    assertEquals(new HostText(SCRIPT), ((Map<?, ?>) marked).get("s"));
    assertEquals(4L, ((Map<?, ?>) marked).get("n"));
    assertEquals(raw, HostText.plain(marked));
    assertSame(marked, HostText.mark(marked), "marked once, never copied again");
    assertFalse(VarsModel.containsTemplate(marked), "host data never counts as a template");
    assertEquals(SCRIPT, String.valueOf(new HostText(SCRIPT)));
    assertThrows(UnsupportedOperationException.class, () -> cast(marked).put("x", 1L));
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> cast(Object o) {
    return (Map<String, Object>) o;
  }
}
