package io.pagetune.template;

import java.util.List;
import java.util.Optional;

/**
 * The load-time check of Jinja2 text: its syntax (as Jinjava parses it, in clean words) and its
 * constructs ({@link JinjaConstructs}: only those shown to behave as in Ansible). One per loader:
 * it holds a Jinjava set up as evaluation's is, so both parse alike.
 */
public final class JinjaLoadCheck {
  /** One for the values of inventories and {@code -e}, which are checked a line at a time. */
  private static final class Shared {
    static final JinjaLoadCheck CHECK = new JinjaLoadCheck();
  }

  /** The check shared by inventory and {@code -e} values: it holds no state of its own. */
  public static JinjaLoadCheck shared() {
    return Shared.CHECK;
  }

  private final JinjaEvaluation jinja =
      new JinjaEvaluation(TemplateLimits.DEFAULT, new JinjaLookups(List.of(), name -> null));

  /** The first problem of a template text, its line and column 1-based inside the text. */
  public Optional<TemplateSyntax.Error> template(String text) {
    Optional<TemplateSyntax.Error> syntax = jinja.syntax(text).map(JinjaLoadCheck::clean);
    if (syntax.isPresent()) {
      return syntax.map(
          e -> new TemplateSyntax.Error(e.line(), e.column(), "syntax error: " + e.reason()));
    }
    return JinjaConstructs.inTemplate(text).map(r -> r.asError(text));
  }

  /**
   * The first problem of a playbook string: its syntax as the run reads it, after ansible-core's
   * doubling of backslashes in string literals ({@link AnsibleBackslashes}, so {@code '\s+'} in a
   * regex is text, not an escape), and its constructs as written.
   */
  public Optional<TemplateSyntax.Error> yamlString(String text) {
    Optional<TemplateSyntax.Error> syntax =
        jinja.syntax(AnsibleBackslashes.escape(text)).map(JinjaLoadCheck::clean);
    if (syntax.isPresent()) {
      return syntax.map(
          e -> new TemplateSyntax.Error(e.line(), e.column(), "syntax error: " + e.reason()));
    }
    return JinjaConstructs.inTemplate(text).map(r -> r.asError(text));
  }

  /** The first problem of a bare expression ({@code when:}), its column 1-based. */
  public Optional<TemplateSyntax.Error> expression(String expression) {
    Optional<TemplateSyntax.Error> syntax =
        jinja.expressionSyntax(expression).map(JinjaLoadCheck::clean);
    if (syntax.isPresent()) {
      return syntax.map(
          e -> new TemplateSyntax.Error(e.line(), e.column(), "syntax error: " + e.reason()));
    }
    return JinjaConstructs.inExpression(expression).map(r -> r.asError(expression));
  }

  /** Jinjava's parser messages, cut to what a user can act on. */
  private static TemplateSyntax.Error clean(TemplateSyntax.Error e) {
    String reason = e.reason() == null ? "" : e.reason();
    int nl = reason.indexOf('\n');
    reason = nl < 0 ? reason : reason.substring(0, nl);
    reason = reason.replaceFirst("^Error parsing '.*?': ", "");
    reason = reason.replaceFirst("^(?:[a-z]+\\.)+[A-Za-z]+(?:Exception|Error): ", "");
    return new TemplateSyntax.Error(
        e.line(), e.column(), reason.isBlank() ? "invalid Jinja2" : reason);
  }
}
