package io.pagetune.template;

import com.hubspot.jinjava.Jinjava;
import com.hubspot.jinjava.JinjavaConfig;
import com.hubspot.jinjava.LegacyOverrides;
import com.hubspot.jinjava.el.JinjavaELContext;
import com.hubspot.jinjava.el.JinjavaInterpreterResolver;
import com.hubspot.jinjava.interpret.Context;
import com.hubspot.jinjava.interpret.JinjavaInterpreter;
import com.hubspot.jinjava.interpret.TemplateError;
import com.hubspot.jinjava.lib.fn.ELFunctionDefinition;
import io.pagetune.error.SourceLocation;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import jinjava.javax.el.ELException;

/**
 * Jinja2 (through Jinjava) configured once as Ansible's sandbox is: only maps, lists, strings and
 * their Python methods reachable ({@link JinjaResolver}), no template loading beyond the lookups,
 * no output that is evaluated again, undefined variables an error, ranges bounded, output bounded.
 */
final class JinjaEvaluation {
  private static final Pattern POSITION = Pattern.compile("at position (\\d+)");
  private static final Pattern EXPRESSION =
      Pattern.compile("\\{\\{-?(.*?)-?\\}\\}", Pattern.DOTALL);
  private static final Pattern UNKNOWN = Pattern.compile("Unknown token found: (.*)");

  private final ThreadLocal<Jinjava> perThread;
  private final JinjaLookups lookups;

  /**
   * One configured Jinjava per thread: every Jinjava context shares its root's sets of loop
   * variable names (kept for Jinjava's eager mode), which a {@code for} tag changes as it runs, so
   * two hosts rendering loops on one shared root at once could break each other's render.
   */
  JinjaEvaluation(TemplateLimits limits, JinjaLookups lookups) {
    this.lookups = lookups;
    this.perThread = ThreadLocal.withInitial(() -> configured(limits));
  }

  private static Jinjava configured(TemplateLimits limits) {
    JinjavaConfig config =
        JinjavaConfig.newBuilder()
            .withFailOnUnknownTokens(false)
            .withNestedInterpretationEnabled(false)
            .withElResolver(new JinjaResolver())
            .withMaxOutputSize(limits.maxOutputChars())
            .withMaxStringLength(limits.maxOutputChars())
            .withMaxListSize(JinjaFunctions.MAX_RANGE)
            .withMaxMapSize(JinjaFunctions.MAX_RANGE)
            .withRangeLimit(JinjaFunctions.MAX_RANGE)
            .withEnableRecursiveMacroCalls(false)
            .withTrimBlocks(true)
            .withDisabled(
                Map.of(
                    Context.Library.FILTER,
                    Set.of("render", "pprint", "xmlattr"),
                    Context.Library.TAG,
                    Set.of("include", "import", "from", "extends")))
            .withLegacyOverrides(
                LegacyOverrides.newBuilder()
                    .withUsePyishObjectMapper(true)
                    .withUseNaturalOperatorPrecedence(true)
                    .withParseWhitespaceControlStrictly(true)
                    .withKeepNullableLoopValues(true)
                    .build())
            .build();
    Jinjava jinjava = new PythonJinjava(config);
    Context global = jinjava.getGlobalContext();
    AnsibleFilters.all().forEach(global::registerFilter);
    AnsibleTests.all().forEach(global::registerExpTest);
    UndefinedAware.guardedFilters(global.getAllFilters()).forEach(global::registerFilter);
    UndefinedAware.guardedTests(global.getAllExpTests()).forEach(global::registerExpTest);
    global.registerTag(new PythonIfTag());
    global.registerFunction(
        new ELFunctionDefinition(
            "", "range", JinjaFunctions.class, "range", Object.class, Object[].class));
    global.registerFunction(
        new ELFunctionDefinition("", "dict", JinjaFunctions.class, "dict", Object[].class));
    for (String name : List.of("lookup", "query", "q")) {
      global.registerFunction(
          new ELFunctionDefinition(
              "",
              name,
              JinjaLookups.class,
              name.equals("lookup") ? "lookup" : "query",
              String.class,
              Object[].class));
    }
    return jinjava;
  }

  /** The value of one expression. */
  Object evaluate(
      String expression, Map<String, Object> vars, Function<String, Object> resolve, Where where) {
    return withInterpreter(
        vars,
        resolve,
        where,
        in -> {
          Object v = in.resolveELExpression(JinjaDotIndex.expression(expression), 1);
          AnsibleUndefined.requireNoneInside(v);
          return v;
        },
        expression);
  }

  /** A template's text. */
  String render(
      String text, Map<String, Object> vars, Function<String, Object> resolve, Where where) {
    return renderMarked(text, vars, resolve, where).text();
  }

  /** A template's text, and whether host data was printed into it. */
  Rendered renderMarked(
      String text, Map<String, Object> vars, Function<String, Object> resolve, Where where) {
    Rendered out =
        withInterpreter(
            vars,
            resolve,
            where,
            in ->
                new Rendered(
                    in.render(JinjaDotIndex.template(text)),
                    ((PythonInterpreter) in).printedHostText()),
            null);
    // Jinja drops a template's last newline; Ansible puts back the ones the render lost
    return new Rendered(TrailingNewlines.restore(out.text(), text), out.hostText());
  }

  /** Rendered text; {@code hostText} when host data was printed into it. */
  record Rendered(String text, boolean hostText) {}

  /** Where an evaluation is, for messages. */
  record Where(SourceLocation at, String what) {}

  private <T> T withInterpreter(
      Map<String, Object> vars,
      Function<String, Object> resolve,
      Where where,
      Function<JinjavaInterpreter, T> work,
      String expression) {
    Jinjava jinjava = perThread.get();
    JinjaContext context = new JinjaContext(jinjava.getGlobalContext(), vars, resolve, lookups);
    JinjavaInterpreter in = new PythonInterpreter(jinjava, context, jinjava.getGlobalConfig());
    JinjavaInterpreter.pushCurrent(in);
    try {
      T result = work.apply(in);
      Optional<TemplateError> fatal =
          in.getErrors().stream()
              .filter(e -> e.getSeverity() == TemplateError.ErrorType.FATAL)
              .findFirst();
      if (fatal.isPresent()) {
        throw error(fatal.get(), where, expression);
      }
      return result;
    } catch (RuntimeException e) {
      if (e instanceof TemplateException) {
        throw e;
      }
      throw new TemplateException(where.at(), where.what() + ": " + message(e), e);
    } finally {
      JinjavaInterpreter.popCurrent();
    }
  }

  private static TemplateException error(TemplateError e, Where where, String expression) {
    String shown = expression == null ? "" : " in '" + expression + "'";
    String reason = e.getException() != null ? message(e.getException()) : e.getMessage();
    return new TemplateException(where.at(), where.what() + ": " + readable(reason) + shown, null);
  }

  private static String message(Throwable e) {
    Throwable t = e;
    while (t.getCause() != null && t.getCause() != t) {
      t = t.getCause();
    }
    return readable(t.getMessage() == null ? t.toString() : t.getMessage());
  }

  /** Ansible's words for an undefined variable; Jinjava's for the rest. */
  static String readable(String message) {
    Matcher m = UNKNOWN.matcher(message == null ? "" : message);
    if (m.find()) {
      return "'" + m.group(1).strip() + "' is undefined";
    }
    return message;
  }

  /** The syntax error of a bare expression ({@code when:}), if any, its column 1-based. */
  Optional<TemplateSyntax.Error> expressionSyntax(String expression) {
    Jinjava jinjava = perThread.get();
    JinjavaInterpreter in =
        new JinjavaInterpreter(
            jinjava, new Context(jinjava.getGlobalContext()), jinjava.getGlobalConfig());
    JinjavaInterpreter.pushCurrent(in);
    try {
      JinjavaELContext el = new JinjavaELContext(in, new JinjavaInterpreterResolver(in));
      // as the run's expression resolver does: range, dict and lookup are known names
      in.getContext()
          .getAllFunctions()
          .forEach(f -> el.setFunction(f.getNamespace(), f.getLocalName(), f.getMethod()));
      jinjava
          .getExpressionFactory()
          .createValueExpression(
              el, "#{" + JinjaDotIndex.expression(expression) + "}", Object.class);
      return Optional.empty();
    } catch (ELException e) {
      Matcher m = POSITION.matcher(String.valueOf(e.getMessage()));
      int column = m.find() ? Math.max(1, Integer.parseInt(m.group(1)) - 1) : 1;
      return Optional.of(new TemplateSyntax.Error(1, column, readable(e.getMessage())));
    } finally {
      JinjavaInterpreter.popCurrent();
    }
  }

  /** The first syntax error of a template, as (line, column, reason), if any. */
  Optional<TemplateSyntax.Error> syntax(String text) {
    Jinjava jinjava = perThread.get();
    JinjavaInterpreter in =
        new JinjavaInterpreter(
            jinjava, new Context(jinjava.getGlobalContext()), jinjava.getGlobalConfig());
    JinjavaInterpreter.pushCurrent(in);
    try {
      in.parse(JinjaDotIndex.template(text));
      Matcher each = EXPRESSION.matcher(text);
      while (each.find()) {
        Optional<TemplateSyntax.Error> bad = expressionSyntax(each.group(1));
        if (bad.isPresent()) {
          String before = text.substring(0, each.start(1));
          int line = (int) before.chars().filter(c -> c == '\n').count() + 1;
          int column = before.length() - before.lastIndexOf('\n') + bad.get().column() - 1;
          return Optional.of(new TemplateSyntax.Error(line, column, bad.get().reason()));
        }
      }
      return in.getErrors().stream()
          .filter(e -> e.getReason() == TemplateError.ErrorReason.SYNTAX_ERROR)
          .findFirst()
          .map(
              e ->
                  new TemplateSyntax.Error(
                      Math.max(1, e.getLineno()),
                      Math.max(1, e.getStartPosition()),
                      readable(e.getMessage())));
    } finally {
      JinjavaInterpreter.popCurrent();
    }
  }
}
