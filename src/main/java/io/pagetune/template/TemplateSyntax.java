package io.pagetune.template;

import freemarker.core.ParseException;
import freemarker.template.Configuration;
import freemarker.template.Template;
import java.io.IOException;
import java.io.StringReader;
import java.util.Optional;

/**
 * Parses templates and expressions without evaluating them, with the syntax {@link TemplateEngine}
 * uses, so a syntax error is found when the playbook loads rather than on a host mid-run.
 */
public final class TemplateSyntax {
  /** Wraps a bare expression the way it is evaluated; the column is shifted back past it. */
  private static final String OPEN = "${(";

  private final Configuration config;

  public TemplateSyntax() {
    config = new Configuration(Configuration.VERSION_2_3_34);
    config.setInterpolationSyntax(Configuration.DOLLAR_INTERPOLATION_SYNTAX);
    config.setAPIBuiltinEnabled(false);
    config.setLogTemplateExceptions(false);
  }

  /** A syntax error: 1-based line and column inside the checked text, and what is wrong. */
  public record Error(int line, int column, String reason) {}

  /** The first syntax error of a template text, if any. */
  public Optional<Error> template(String text) {
    return parse(text, 0);
  }

  /** The first syntax error of a bare expression ({@code when: a > 1}), if any. */
  public Optional<Error> expression(String expression) {
    String expr = expression.stripTrailing();
    Optional<Error> error = parse(OPEN + expr + ")}", OPEN.length());
    if (error.isEmpty()) {
      return error;
    }
    // an error past the user's last character is the wrapper's ")": the expression stops short
    String[] lines = expr.split("\n", -1);
    Error e = error.get();
    String last = lines[lines.length - 1];
    if (e.line() > lines.length || (e.line() == lines.length && e.column() > last.length())) {
      return Optional.of(
          new Error(lines.length, last.length() + 1, "the expression ends where more is expected"));
    }
    return error;
  }

  private Optional<Error> parse(String text, int shift) {
    Optional<DataEvaluatingBuiltins.Use> use = DataEvaluatingBuiltins.find(text);
    if (use.isPresent()) {
      String before = text.substring(0, use.get().offset());
      int line = (int) before.chars().filter(ch -> ch == '\n').count() + 1;
      int column = use.get().offset() - before.lastIndexOf('\n') - (line == 1 ? shift : 0);
      return Optional.of(new Error(line, Math.max(column, 1), use.get().message()));
    }
    try {
      new Template("check", new StringReader(text), config);
      return Optional.empty();
    } catch (ParseException e) {
      int line = Math.max(e.getLineNumber(), 1);
      int column = Math.max(e.getColumnNumber() - (line == 1 ? shift : 0), 1);
      return Optional.of(new Error(line, column, reason(e)));
    } catch (IOException e) {
      return Optional.of(new Error(1, 1, String.valueOf(e.getMessage())));
    } catch (StackOverflowError e) {
      // too deep to parse here; evaluation refuses it with its own message on the host
      return Optional.empty();
    }
  }

  private static String reason(ParseException e) {
    String s = e.getEditorMessage() == null ? "" : e.getEditorMessage().strip();
    int nl = s.indexOf('\n');
    String first = nl < 0 ? s : s.substring(0, nl).strip();
    // the list of every token FreeMarker would have taken helps nobody on one line
    return first.replaceFirst(",? but was expecting one of these patterns:$", "");
  }
}
