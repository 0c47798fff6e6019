package io.pagetune.template;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.error.SourceLocation;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class TemplateSyntaxTest {
  private final TemplateSyntax syntax = new TemplateSyntax();

  @Test
  void validTemplatesAndExpressionsPass() {
    assertEquals(Optional.empty(), syntax.template("pages=${int(sga) / 2}<#if x??>y</#if>"));
    assertEquals(Optional.empty(), syntax.expression("a > 1 && !(b??) || c?size == 2"));
  }

  @Test
  void expressionErrorColumnIsTheUsersNotTheWrappers() {
    TemplateSyntax.Error e = syntax.expression("rc = = 0").orElseThrow();
    assertEquals(1, e.line());
    assertEquals(6, e.column());
    assertEquals("Encountered \"=\"", e.reason());
  }

  @Test
  void expressionThatStopsShortIsSaidSo() {
    TemplateSyntax.Error e = syntax.expression("a >\n  b &&\n").orElseThrow();
    assertEquals(new TemplateSyntax.Error(2, 7, "the expression ends where more is expected"), e);
  }

  @Test
  void templateErrorHasLineAndColumn() {
    TemplateSyntax.Error e = syntax.template("one\ntwo ${x +}\n").orElseThrow();
    assertEquals(2, e.line());
    assertEquals(10, e.column());
  }

  @Test
  void engineMessagesShowTheExpressionNeverTheWrapper() {
    TemplateEngine engine = new TemplateEngine(List.of());
    TemplateException e =
        assertThrows(
            TemplateException.class,
            () -> engine.test("sga >", Map.of(), new SourceLocation("p.yml", 8, 13), "when"));
    assertTrue(
        e.getMessage().startsWith("p.yml:8:13: when: syntax error in 'sga >': "), e.getMessage());
    assertFalse(e.getMessage().contains("pagetune_result__"), e.getMessage());
    assertFalse(e.getMessage().contains("#assign"), e.getMessage());
  }
}
