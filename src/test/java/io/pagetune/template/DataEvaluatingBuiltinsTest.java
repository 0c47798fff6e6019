package io.pagetune.template;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.error.SourceLocation;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DataEvaluatingBuiltinsTest {
  private static final SourceLocation AT = new SourceLocation("p.yml", 3, 7);
  private final TemplateEngine engine = new TemplateEngine(List.of());

  private static Map<String, Object> vars() {
    Map<String, Object> v = new LinkedHashMap<>();
    v.put("secret", "TOPSECRET");
    v.put("out", HostText.mark(Map.of("stdout", "secret", "json", "{\"a\": 1}")));
    return v;
  }

  @Test
  void evalAndInterpretOfHostDataAreRefusedNotEvaluated() {
    for (String expr :
        List.of("${out.stdout?eval}", "${out.stdout ? eval}", "<@out.stdout?interpret />")) {
      TemplateException e =
          assertThrows(TemplateException.class, () -> engine.render(expr, vars(), AT, "t"), expr);
      assertTrue(e.getMessage().contains("is not allowed"), e.getMessage());
      assertTrue(!e.getMessage().contains("TOPSECRET"), e.getMessage());
    }
    assertThrows(
        TemplateException.class, () -> engine.test("out.stdout?eval == 1", vars(), AT, "when"));
  }

  @Test
  void evalJsonStaysAllowed() {
    assertEquals("1", engine.render("${out.json?eval_json.a}", vars(), AT, "t"));
  }

  @Test
  void aTemplateFileOrAnIncludedOneMayNotUseThemEither(@TempDir Path dir) throws Exception {
    Files.writeString(dir.resolve("direct.ftl"), "x=${out.stdout?eval}\n");
    Files.writeString(dir.resolve("outer.ftl"), "<#include \"inner.ftl\">\n");
    Files.writeString(dir.resolve("inner.ftl"), "<@out.stdout?interpret />\n");
    TemplateEngine files = new TemplateEngine(List.of(dir));
    for (String name : List.of("direct.ftl", "outer.ftl")) {
      TemplateException e =
          assertThrows(
              TemplateException.class, () -> files.renderFile(name, vars(), AT, "t"), name);
      assertTrue(chain(e).contains("is not allowed"), () -> chain(e));
    }
  }

  private static String chain(Throwable e) {
    StringBuilder s = new StringBuilder();
    for (Throwable t = e; t != null; t = t.getCause()) {
      s.append(t.getMessage()).append('\n');
    }
    return s.toString();
  }

  @Test
  void theLoadTimeCheckNamesTheColumn() {
    assertEquals(
        Optional.of(new DataEvaluatingBuiltins.Use(10, "eval")),
        DataEvaluatingBuiltins.find("${a} ${out?eval}"));
    assertEquals(Optional.empty(), DataEvaluatingBuiltins.find("${out?eval_json} what?evaluate"));
  }
}
