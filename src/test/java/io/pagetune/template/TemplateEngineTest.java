package io.pagetune.template;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
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

class TemplateEngineTest {
  private static final SourceLocation AT = new SourceLocation("play.yml", 7, 5);
  private final TemplateEngine engine = new TemplateEngine(List.of());

  @Test
  void numbersRenderForMachines() {
    Map<String, Object> vars = Map.of("sga", 12884901888L, "ratio", 0.7);
    assertEquals("12884901888 0.7", engine.render("${sga} ${ratio}", vars, AT, "t"));
    assertEquals("6144", engine.render("${sga / 2097152}", vars, AT, "t"));
  }

  @Test
  void singleExpressionKeepsItsType() {
    Map<String, Object> vars = Map.of("items", List.of("a", "b"), "n", 3L);
    assertEquals(List.of("a", "b"), engine.interpolate("${items}", vars, AT, "t"));
    assertEquals(6L, engine.interpolate("${n * 2}", vars, AT, "t"));
    assertEquals("n=3", engine.interpolate("n=${n}", vars, AT, "t"));
  }

  @Test
  void conversionsWorkForNumbersAndStrings() {
    Map<String, Object> vars =
        Map.of("s", "6144", "n", 6144L, "yes", "yes", "out", "Hugepagesize:    2048 kB");
    assertEquals(6145L, engine.evaluate("int(s) + 1", vars, AT, "t"));
    assertEquals(6145L, engine.evaluate("int(n) + 1", vars, AT, "t"));
    assertEquals(true, engine.evaluate("bool(yes)", vars, AT, "t"));
    assertEquals("2048", engine.evaluate("regex_search(out, '([0-9]+) kB')", vars, AT, "t"));
    assertEquals(false, engine.evaluate("regex_search(out, 'nomatch')??", vars, AT, "t"));
    assertEquals(12884901888L, engine.evaluate("human_to_bytes('12G')", vars, AT, "t"));
    assertEquals(4L, engine.evaluate("length(s)", vars, AT, "t"));
  }

  @Test
  void base64DecodesSlurpedContentAndEncodes() {
    Map<String, Object> vars = Map.of("r", Map.of("content", "dm0ubnJfaHVnZXBhZ2VzID0gNjE0NAo="));
    assertEquals(
        "vm.nr_hugepages = 6144\n", engine.evaluate("b64decode(r.content)", vars, AT, "t"));
    assertEquals("NDI0Mgo=", engine.evaluate("b64encode('4242\n')", vars, AT, "t"));
    TemplateException e =
        assertThrows(
            TemplateException.class, () -> engine.evaluate("b64decode('*not*')", vars, AT, "t"));
    assertTrue(e.getMessage().contains("b64decode(): not base64"), e.getMessage());
  }

  @Test
  void undefinedVariableNamesVariableTaskAndLocation() {
    TemplateException e =
        assertThrows(
            TemplateException.class,
            () -> engine.render("size=${sga_size}", Map.of(), AT, "task 'Plan sysctl'"));
    assertTrue(
        e.getMessage()
            .startsWith("play.yml:7:5: task 'Plan sysctl': undefined variable 'sga_size'"),
        e.getMessage());
  }

  @Test
  void defaultOperatorsWork() {
    assertEquals("42", engine.render("${missing!42}", Map.of(), AT, "t"));
    assertFalse(engine.test("missing??", Map.of(), AT, "t"));
  }

  @Test
  void variablesAreResolvedLazilyAndRecursively() {
    Map<String, Object> vars = new LinkedHashMap<>();
    vars.put("sga_bytes", 12884901888L);
    vars.put("page_bytes", 2097152L);
    vars.put("pages", "${sga_bytes / page_bytes}");
    vars.put("line", "vm.nr_hugepages = ${pages}");
    vars.put("broken", "${nowhere}");
    assertEquals("vm.nr_hugepages = 6144", engine.render("${line}", vars, AT, "t"));
    vars.put("loop", "${loop}");
    TemplateException e =
        assertThrows(TemplateException.class, () -> engine.render("${loop}", vars, AT, "t"));
    assertTrue(e.getMessage().contains("refers to itself"), e.getMessage());
  }

  @Test
  void lockedDown() {
    Map<String, Object> vars = Map.of("s", "x");
    assertThrows(
        TemplateException.class,
        () -> engine.render("${'freemarker.template.utility.Execute'?new()('id')}", vars, AT, "t"));
    assertThrows(TemplateException.class, () -> engine.render("${s?api}", vars, AT, "t"));
    // a Java object passed in exposes no methods
    Map<String, Object> obj = Map.of("o", new StringBuilder("abc"));
    assertThrows(TemplateException.class, () -> engine.render("${o.reverse()}", obj, AT, "t"));
  }

  @Test
  void conditions() {
    Map<String, Object> vars = Map.of("rc", 0L, "flag", "yes");
    assertTrue(engine.test("rc == 0", vars, AT, "when"));
    assertTrue(engine.test("flag", vars, AT, "when"));
    TemplateException e =
        assertThrows(TemplateException.class, () -> engine.test("rc", vars, AT, "when"));
    assertTrue(e.getMessage().contains("must be true or false"), e.getMessage());
  }

  @Test
  void templateFilesRenderAndMissingOnesAreNamed(@TempDir Path dir) throws Exception {
    Files.writeString(dir.resolve("sysctl.conf.ftl"), "vm.nr_hugepages = ${pages}\n");
    TemplateEngine files = new TemplateEngine(List.of(dir));
    assertEquals(
        "vm.nr_hugepages = 6144\n",
        files.renderFile("sysctl.conf.ftl", Map.of("pages", 6144L), AT, "t"));
    TemplateException e =
        assertThrows(
            TemplateException.class, () -> files.renderFile("nope.ftl", Map.of(), AT, "task 'x'"));
    assertTrue(
        e.getMessage().startsWith("play.yml:7:5: task 'x': template file 'nope.ftl' not found"),
        e.getMessage());
  }

  @Test
  void shellDollarNeedsNoEscapeWithoutBraces() {
    assertEquals("echo $HOME", engine.interpolate("echo $HOME", Map.of(), AT, "t"));
  }
}
