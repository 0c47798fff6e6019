package io.pagetune.template;

import io.pagetune.error.InputException;
import io.pagetune.error.SourceLocation;
import io.pagetune.yaml.SourceText;
import io.pagetune.yaml.YamlValue;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Checks text the user wrote (playbooks, vars files, inventories, {@code -e}) when it loads: Jinja2
 * syntax anywhere, and, where asked, FreeMarker syntax of every template and condition. An error is
 * one {@code file:line:col} on the line the offending part is written on, before any host runs.
 * Values from hosts never pass through here: they are data, never templates.
 */
public final class UserTextCheck {
  /** Keys whose values are bare expressions rather than templates. */
  private static final Set<String> CONDITIONS =
      Set.of("when", "changed_when", "failed_when", "until", "that");

  /** Keys whose values are never echoed in a message. */
  private static final Pattern SECRET = Pattern.compile("(?i)pass|secret|token|vault|private");

  private static final int SHOWN_CHARS = 80;

  private final SourceText source;
  private final TemplateSyntax syntax;
  private final JinjaLoadCheck jinjaCheck;

  private UserTextCheck(SourceText source, TemplateSyntax syntax, JinjaLoadCheck jinjaCheck) {
    this.source = source;
    this.syntax = syntax;
    this.jinjaCheck = jinjaCheck;
  }

  /**
   * Jinja2 only: for inventories and {@code -e}, whose values are templates only when a task uses
   * them.
   */
  public static UserTextCheck jinja(SourceText source) {
    return new UserTextCheck(source, null, null);
  }

  /**
   * For a YAML inventory, group/host vars file or {@code -e} file, whose values are templates only
   * when a task uses them: the file's language is decided ({@link YamlLanguageRule}) and a Jinja
   * file's templates checked as Jinja; a FreeMarker file is checked for stray Jinja2, as before.
   */
  public static TemplateLanguage values(SourceText source, String label, YamlValue root) {
    TemplateLanguage language = YamlLanguageRule.decide(label, source, source.text(), root);
    (language == TemplateLanguage.JINJA
            ? new UserTextCheck(source, null, JinjaLoadCheck.shared())
            : jinja(source))
        .check(root);
    return language;
  }

  /**
   * For one value written on a line (an INI inventory line, a {@code -e key=value}): Jinja text is
   * checked as Jinja, anything else is a value or FreeMarker evaluated when a task uses it.
   */
  public static void valueLine(String text, SourceLocation at, String key) {
    if (YamlLanguageRule.jinjaText(text).isPresent()) {
      new UserTextCheck(SourceText.of(""), null, JinjaLoadCheck.shared()).line(text, at, key);
    }
  }

  /** Jinja2 and FreeMarker syntax: for playbooks and their vars files. */
  public static UserTextCheck full(SourceText source, TemplateSyntax syntax) {
    return new UserTextCheck(source, syntax, null);
  }

  /**
   * The check of a file in its language ({@link YamlLanguageRule}): a FreeMarker file as {@link
   * #full} checks it, a Jinja file's templates and conditions by Jinja's syntax and the constructs
   * shown to behave as in Ansible ({@link JinjaConstructs}).
   */
  public static UserTextCheck of(
      SourceText source, TemplateLanguage language, TemplateSyntax syntax, JinjaLoadCheck jinja) {
    return language == TemplateLanguage.JINJA
        ? new UserTextCheck(source, null, jinja)
        : new UserTextCheck(source, syntax, null);
  }

  /** Checks every string of a parsed YAML document; throws on the first error. */
  public void check(YamlValue root) {
    walk(root, "value", false, false);
  }

  private void walk(YamlValue v, String key, boolean condition, boolean secret) {
    if (v instanceof YamlValue.Mapping m) {
      for (var e : m.entries().entrySet()) {
        String k = e.getKey();
        walk(e.getValue().value(), k, CONDITIONS.contains(k), secret || isSecret(k));
      }
    } else if (v instanceof YamlValue.Seq s) {
      for (YamlValue item : s.items()) {
        walk(item, key, condition, secret);
      }
    } else if (v instanceof YamlValue.Scalar sc && sc.value() instanceof String text) {
      check(text, sc.location(), key, condition, secret, false);
    }
  }

  /**
   * Checks one value written verbatim on one line at {@code at} (an INI value, a {@code -e} pair),
   * so its offsets are columns.
   */
  public void line(String text, SourceLocation at, String key) {
    check(text, at, key, false, isSecret(key), true);
  }

  private static boolean isSecret(String key) {
    return SECRET.matcher(key).find();
  }

  private void check(
      String text, SourceLocation at, String key, boolean condition, boolean secret, boolean line) {
    if (jinjaCheck != null) {
      checkJinja(text, at, key, condition, secret, line);
      return;
    }
    int shift = 0;
    String expr = text;
    if (condition) {
      String t = text.strip();
      if (t.startsWith("${") && t.endsWith("}") && t.indexOf("${", 2) < 0) {
        shift = text.indexOf("${") + 2;
        expr = t.substring(2, t.length() - 1);
      }
    }
    Optional<JinjaSyntax.Use> jinja =
        condition ? JinjaSyntax.inExpression(expr) : JinjaSyntax.inText(text);
    if (jinja.isPresent()) {
      JinjaSyntax.Use use = jinja.get();
      // on an inventory line the key is written before the value: "h1 ansible_password={{ x }}"
      boolean hidden = secret || (line && isSecret(text.substring(0, use.offset())));
      throw new InputException(
          where(text, at, shift + use.offset(), use.written().length(), line),
          key + ": " + use.message(!hidden));
    }
    if (syntax == null) {
      return;
    }
    Optional<TemplateSyntax.Error> error;
    if (condition) {
      error = syntax.expression(expr);
    } else if (TemplateEngine.isTemplated(text)) {
      error = syntax.template(text);
    } else {
      error = Optional.empty();
    }
    if (error.isPresent()) {
      String checked = condition ? expr : text;
      throw refusal(error.get(), text, checked, shift, at, key, secret, line, "syntax error");
    }
  }

  /** A Jinja file's text: Jinja syntax, and only the constructs shown to behave as in Ansible. */
  private void checkJinja(
      String text, SourceLocation at, String key, boolean condition, boolean secret, boolean line) {
    int shift = 0;
    String expr = text;
    Optional<TemplateSyntax.Error> error;
    if (condition) {
      String single = JinjaTemplates.singleExpression(text);
      if (single != null) {
        shift = text.indexOf(single);
        expr = single;
      } else if (JinjaTemplates.isJinja(text) || text.contains("{#")) {
        // a condition with text around its {{ }}: Ansible templates it, then reads the result
        error = jinjaCheck.template(text);
        if (error.isPresent()) {
          throw refusal(error.get(), text, text, 0, at, key, secret, line, null);
        }
        return;
      }
      error = jinjaCheck.expression(expr);
    } else if (text.contains("{{") || text.contains("{%") || text.contains("{#")) {
      error = jinjaCheck.yamlString(text);
    } else {
      error = Optional.empty();
    }
    if (error.isPresent()) {
      throw refusal(error.get(), text, expr, shift, at, key, secret, line, null);
    }
  }

  private InputException refusal(
      TemplateSyntax.Error e,
      String text,
      String checked,
      int shift,
      SourceLocation at,
      String key,
      boolean secret,
      boolean line,
      String kind) {
    {
      int lineStart = 0;
      for (int n = 1; n < e.line(); n++) {
        int nl = checked.indexOf('\n', lineStart);
        lineStart = nl < 0 ? lineStart : nl + 1;
      }
      int lineEnd = checked.indexOf('\n', lineStart);
      int lineLength = (lineEnd < 0 ? checked.length() : lineEnd) - lineStart;
      SourceLocation lineAt = where(text, at, shift + lineStart, lineLength, line);
      SourceLocation errorAt =
          lineAt.equals(at) && lineStart + shift > 0
              ? at
              : new SourceLocation(lineAt.file(), lineAt.line(), lineAt.column() + e.column() - 1);
      String shown =
          secret || checked.length() > SHOWN_CHARS || checked.contains("\n")
              ? ""
              : " in '" + checked + "'";
      return new InputException(
          errorAt,
          kind == null
              ? key
                  + ": "
                  + e.reason()
                  + shown.replace(" in ", " (in ")
                  + (shown.isEmpty() ? "" : ")")
              : key + ": " + kind + shown + ": " + e.reason());
    }
  }

  private SourceLocation where(String text, SourceLocation at, int offset, int len, boolean line) {
    if (line) {
      return new SourceLocation(at.file(), at.line(), at.column() + offset);
    }
    return source.locate(at, text, offset, len);
  }
}
