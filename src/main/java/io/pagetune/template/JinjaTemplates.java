package io.pagetune.template;

import io.pagetune.error.SourceLocation;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;

/**
 * The Jinja side of the {@link TemplateEngine}: strings of a Jinja file interpolated, expressions
 * and conditions evaluated, as Ansible does. A variable whose value is a template is evaluated when
 * read, in the language its text is written in ({@link #isJinja}); data from hosts is a value.
 */
final class JinjaTemplates {
  private final JinjaEvaluation jinja;
  private final TemplateEngine engine;

  JinjaTemplates(JinjaEvaluation jinja, TemplateEngine engine) {
    this.jinja = jinja;
    this.engine = engine;
  }

  /** True when the text holds Jinja syntax ({@code {{ }}}, {@code {% %}}). */
  static boolean isJinja(String s) {
    return (s.contains("{{") || s.contains("{%") || s.contains("{#"))
        && JinjaSyntax.inText(s).isPresent();
  }

  static boolean containsJinja(Object v) {
    if (v instanceof String s) {
      return isJinja(s);
    }
    if (v instanceof Map<?, ?> m && !(v instanceof ResolvedOnRead)) {
      return m.values().stream().anyMatch(JinjaTemplates::containsJinja);
    }
    if (v instanceof List<?> l) {
      return l.stream().anyMatch(JinjaTemplates::containsJinja);
    }
    return false;
  }

  /** One evaluation's variables, each resolved once when read. */
  final class Scope {
    private final Map<String, Object> vars;
    private final SourceLocation at;
    private final Set<String> resolving = new HashSet<>();

    Scope(Map<String, Object> vars, SourceLocation at) {
      this.vars = vars;
      this.at = at;
    }

    Object resolve(String key) {
      Object value = vars.get(key);
      if (value instanceof ResolvedOnRead && value instanceof Map<?, ?> many) {
        return new OnRead(key, many, this);
      }
      return value(key, value);
    }

    Object value(String key, Object value) {
      boolean jinjaText = containsJinja(value);
      if (!jinjaText && !VarsModel.containsTemplate(value)) {
        return HostText.plain(value);
      }
      if (!resolving.add(key)) {
        throw new TemplateException(at, "variable '" + key + "' refers to itself", null);
      }
      try {
        String what = "variable '" + key + "'";
        return jinjaText
            ? interpolateWith(value, this, what)
            : HostText.plain(engine.interpolateFreeMarker(value, vars, at, what));
      } finally {
        resolving.remove(key);
      }
    }
  }

  /** hostvars: an entry is resolved when a template reads it, never the whole inventory. */
  private static final class OnRead extends AbstractMap<Object, Object> {
    private final String variable;
    private final Map<?, ?> entries;
    private final Scope scope;
    private final Map<Object, Object> read = new LinkedHashMap<>();

    OnRead(String variable, Map<?, ?> entries, Scope scope) {
      this.variable = variable;
      this.entries = entries;
      this.scope = scope;
    }

    @Override
    public Object get(Object key) {
      if (!read.containsKey(key) && entries.containsKey(key)) {
        read.put(key, scope.value(variable + "['" + key + "']", entries.get(key)));
      }
      return read.get(key);
    }

    @Override
    public boolean containsKey(Object key) {
      return entries.containsKey(key);
    }

    @Override
    public Set<Entry<Object, Object>> entrySet() {
      Map<Object, Object> all = new LinkedHashMap<>();
      entries.keySet().forEach(k -> all.put(k, get(k)));
      return all.entrySet();
    }
  }

  Scope scope(Map<String, Object> vars, SourceLocation at) {
    return new Scope(vars, at);
  }

  Object interpolateWith(Object value, Scope scope, String what) {
    if (value instanceof String s) {
      return isJinja(s) ? string(s, scope, what) : s;
    }
    if (value instanceof Map<?, ?> m) {
      Map<String, Object> out = new LinkedHashMap<>();
      m.forEach((k, v) -> out.put(String.valueOf(k), interpolateWith(v, scope, what)));
      return out;
    }
    if (value instanceof List<?> l) {
      List<Object> out = new ArrayList<>(l.size());
      l.forEach(o -> out.add(interpolateWith(o, scope, what)));
      return out;
    }
    return HostText.plain(value);
  }

  private Object string(String written, Scope scope, String what) {
    String s = AnsibleBackslashes.escape(written);
    Object value = stringValue(TrailingNewlines.jinjaSource(s), scope, what);
    return value instanceof String text ? TrailingNewlines.restore(text, s) : value;
  }

  private Object stringValue(String s, Scope scope, String what) {
    String single = singleExpression(s);
    if (single != null && s.length() == s.strip().length()) {
      if (single.matches("\\w+") && scope.vars.containsKey(single)) {
        // ansible-core 2.14 hands "{{ name }}" a None, bool or number variable as it is
        Object raw = scope.vars.get(single);
        if (raw == null || raw instanceof Boolean || raw instanceof Number) {
          return raw;
        }
      }
      Object v = evaluate(single, scope, what);
      try {
        return endsInTextFilter(single) && v instanceof String text ? text : templateValue(v);
      } catch (PythonLiteral.Unhashable e) {
        throw new TemplateException(scope.at, what + ": " + e.getMessage(), e);
      }
    }
    // " {{ text }}" is text: the whitespace around the expression is kept, byte for byte
    JinjaEvaluation.Rendered out =
        jinja.renderMarked(
            s, scope.vars, scope::resolve, new JinjaEvaluation.Where(scope.at, what));
    try {
      return out.hostText() ? out.text() : literal(out.text());
    } catch (PythonLiteral.Unhashable e) {
      throw new TemplateException(scope.at, what + ": " + e.getMessage(), e);
    }
  }

  /**
   * A template's value as ansible-core 2.14 gives it (its {@code ansible_eval_concat}): the
   * expression's text, read back as a Python literal when it starts with {@code [} or {@code {} or
   * is {@code True}/{@code False}. So a list, a dict or a boolean stays one, a number becomes its
   * text ({@code "42"}, {@code "3.0"}) and None becomes empty text (Ansible's {@code finalize}).
   */
  static Object templateValue(Object v) {
    if (v == null) {
      return "";
    }
    if (v instanceof PythonTuple t) {
      // "(1, 2)" is not read back: ansible-core reads back only what starts with [ or {
      return t.repr();
    }
    if (v instanceof Boolean || v instanceof Map || v instanceof List) {
      return v;
    }
    if (v instanceof HostText) {
      // host data is never read as anything but the text it is
      return v;
    }
    if (v instanceof String s) {
      return literal(s);
    }
    return PythonText.str(v);
  }

  /**
   * ansible-core's STRING_TYPE_FILTERS (default {@code string}, {@code to_json}, {@code
   * to_nice_json}, {@code to_yaml}, {@code to_nice_yaml}): their text is the template's value as
   * is, never read as a literal, when the filter is the expression's last step.
   */
  static boolean endsInTextFilter(String expression) {
    int depth = 0;
    int lastPipe = -1;
    char quote = 0;
    for (int i = 0; i < expression.length(); i++) {
      char c = expression.charAt(i);
      if (quote != 0) {
        if (c == '\\') {
          i++;
        } else if (c == quote) {
          quote = 0;
        }
      } else if (c == '\'' || c == '"') {
        quote = c;
      } else if ("([{".indexOf(c) >= 0) {
        depth++;
      } else if (")]}".indexOf(c) >= 0) {
        depth--;
      } else if (depth == 0 && c == '|') {
        lastPipe = i;
      } else if (depth == 0 && "~+-*/%<>=!".indexOf(c) >= 0) {
        return false;
      } else if (depth == 0
          && Character.isLetter(c)
          && (i == 0 || !Character.isLetterOrDigit(expression.charAt(i - 1)))) {
        String rest = expression.substring(i);
        if (rest.matches("(?s)(and|or|if|else|not|in|is)\\b.*")) {
          return false;
        }
      }
    }
    if (lastPipe < 0) {
      return false;
    }
    String name = expression.substring(lastPipe + 1).strip().replaceFirst("(?s)\\(.*\\)$", "");
    return TEXT_FILTERS.contains(name.replaceFirst("^ansible\\.builtin\\.", "").strip());
  }

  private static final Set<String> TEXT_FILTERS =
      Set.of("string", "to_json", "to_nice_json", "to_yaml", "to_nice_yaml");

  private static Object literal(String s) {
    if (!s.startsWith("[") && !s.startsWith("{") && !s.equals("True") && !s.equals("False")) {
      return s;
    }
    return PythonLiteral.parse(s).map(v -> v == PythonLiteral.NONE ? null : v).orElse(s);
  }

  Object evaluate(String expression, Scope scope, String what) {
    return Unwrap.normalizeJinja(
        jinja.evaluate(
            expression, scope.vars, scope::resolve, new JinjaEvaluation.Where(scope.at, what)));
  }

  /** A bare condition: Python's truth of the expression ({@code {{ }}} around it tolerated). */
  boolean test(String condition, Scope scope, String what) {
    String single = singleExpression(condition);
    String expression = single != null ? single : condition;
    // None is false; an undefined name has failed the evaluation already
    return JinjaFilter.truthy(evaluate(expression, scope, what));
  }

  String render(String text, Scope scope, String what) {
    return jinja.render(
        text, scope.vars, scope::resolve, new JinjaEvaluation.Where(scope.at, what));
  }

  /** The expression of a string that is exactly one {@code {{ expr }}}, else null. */
  static String singleExpression(String s) {
    String t = s.strip();
    if (!t.startsWith("{{") || !t.endsWith("}}") || t.indexOf("{{", 2) >= 0) {
      return null;
    }
    String inner = t.substring(2, t.length() - 2);
    return inner.contains("}}") || inner.contains("{%") ? null : inner.strip();
  }

  Function<String, java.util.Optional<TemplateSyntax.Error>> syntax() {
    return jinja::syntax;
  }
}
