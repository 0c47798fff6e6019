package io.pagetune.template;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.error.SourceLocation;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An undefined value searched for in a sequence, or given to a conversion, fails the evaluation as
 * in Ansible ({@code nope in names}, {@code nope | length}) instead of counting as not found or 0.
 */
class UndefinedSearchValuesTest {
  private static final SourceLocation AT = new SourceLocation("p.yml", 3, 7);
  private static final Map<String, Object> VARS =
      Map.of("names", List.of("a", "b"), "present", "b", "ansible_facts", Map.of("x", "a"));
  private final TemplateEngine engine = new TemplateEngine(List.of());

  private String undefined(String expression) {
    return assertThrows(TemplateException.class, () -> engine.test(expression, VARS, AT, "when"))
        .getMessage();
  }

  @Test
  void anUndefinedSearchValueFailsTheCondition() {
    assertTrue(undefined("names?seq_contains(nope)").contains("undefined variable 'nope'"));
    assertTrue(undefined("names?seq_contains(ansible_facts.nope)").contains("ansible_facts.nope"));
    assertTrue(undefined("names?seq_index_of(nope) >= 0").contains("'nope'"));
    assertTrue(undefined("names?seq_last_index_of (nope, 1) >= 0").contains("'nope'"));
    assertTrue(undefined("[names?seq_contains(nope)]?size > 0").contains("'nope'"));
  }

  @Test
  void definedSearchesAndDefaultsWorkAsBefore() {
    assertTrue(engine.test("names?seq_contains(present)", VARS, AT, "when"));
    assertTrue(engine.test("names?seq_contains(ansible_facts.x)", VARS, AT, "when"));
    assertFalse(engine.test("names?seq_contains(nope!'z')", VARS, AT, "when"));
    assertTrue(engine.test("names?seq_contains((nope)!'a')", VARS, AT, "when"));
    assertTrue(engine.test("names?seq_contains([1, 'b'][1])", VARS, AT, "when"));
    assertEquals(
        1, ((Number) engine.evaluate("names?seq_index_of('b', 0)", VARS, AT, "x")).intValue());
    assertEquals(
        "?seq_contains(nope) true",
        engine.render("?seq_contains(nope) ${names?seq_contains('a')?c}", VARS, AT, "msg"));
    assertEquals(
        "x ?seq_contains(nope)", engine.render("x ${'?seq_contains(nope)'}", VARS, AT, "msg"));
  }

  @Test
  void conversionsRefuseAnUndefinedArgument() {
    assertTrue(
        assertThrows(
                TemplateException.class, () -> engine.render("${length(nope)}", VARS, AT, "msg"))
            .getMessage()
            .contains("length(): argument 1 is undefined"));
  }

  @Test
  void templateFilesAreRewrittenToo(@TempDir Path dir) throws Exception {
    Files.writeString(
        dir.resolve("t.ftl"),
        "<#if names?seq_contains(present)>has b</#if>\n<#if names?seq_contains(nope)>x</#if>\n");
    TemplateEngine files = new TemplateEngine(List.of(dir));
    String message =
        assertThrows(TemplateException.class, () -> files.renderFile("t.ftl", VARS, AT, "template"))
            .getMessage();
    assertTrue(message.contains("'nope'"), message);
  }
}
