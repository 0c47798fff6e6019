package io.pagetune.template;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The constructs a Jinja2 template or expression is made of (filters, tests, Python methods,
 * functions, lookups, operators, statements, {@code loop.*} attributes and a few syntactic forms),
 * found by a walk over its tokens at load. Only those shown by the differential corpus to behave as
 * in ansible-core ({@link JinjaAllowed}) are accepted; the first other one is refused at load,
 * named, rather than risk a result that differs from Ansible's without a word.
 */
public final class JinjaConstructs {
  private static final Set<String> LOOKUP_FUNCTIONS = Set.of("lookup", "query", "q");
  private static final Set<String> VALUE_ENDS = Set.of(")", "]", "}");

  /** Variables Ansible defines itself: each must be shown to hold what Ansible's holds. */
  private static final Set<String> MAGIC =
      Set.of(
          "vars",
          "hostvars",
          "groups",
          "group_names",
          "inventory_hostname",
          "inventory_hostname_short",
          "play_hosts",
          "ansible_play_batch",
          "ansible_play_hosts",
          "ansible_play_hosts_all",
          "ansible_version",
          "ansible_check_mode",
          "ansible_diff_mode",
          "ansible_verbosity",
          "omit",
          "playbook_dir",
          "role_path",
          "role_name",
          "inventory_dir",
          "inventory_file",
          "ansible_managed",
          // set in a rescue section by Ansible; pagetune does not set them yet
          "ansible_failed_task",
          "ansible_failed_result",
          "ansible_facts",
          "ansible_loop",
          "ansible_loop_var",
          "ansible_index_var",
          "ansible_parent_role_names",
          "ansible_role_names",
          "ansible_run_tags",
          "ansible_skip_tags",
          "ansible_config_file",
          "ansible_forks",
          "ansible_inventory_sources",
          "ansible_limit",
          "ansible_playbook_python",
          "ansible_search_path",
          "ansible_dependent_role_names",
          "ansible_play_name",
          "ansible_play_role_names",
          "ansible_collection_name",
          "environment");

  /** Filters whose string arguments name another filter or test. */
  private static final Set<String> NAMING_FILTERS =
      Set.of("map", "select", "reject", "selectattr", "rejectattr");

  private JinjaConstructs() {}

  /** The kinds of construct, each with its own allowlist. */
  public enum Kind {
    FILTER("filter"),
    TEST("test"),
    METHOD("method"),
    FUNCTION("function"),
    LOOKUP("lookup"),
    OPERATOR("operator"),
    STATEMENT("statement"),
    LOOP("loop attribute"),
    VARIABLE("magic variable"),
    ARGUMENT("keyword argument"),
    FORM("construct");

    private final String word;

    Kind(String word) {
      this.word = word;
    }

    /** How messages name the kind. */
    public String word() {
      return word;
    }
  }

  /** One use of a construct, at a character offset of the checked text. */
  public record Construct(Kind kind, String name, int offset) {
    /** The construct as messages and the allowlist name it, e.g. {@code filter 'zip'}. */
    public String label() {
      return kind.word() + " '" + name + "'";
    }
  }

  /** A construct refused at load: where in the checked text, and why. */
  public record Refusal(int offset, String construct, String message) {
    TemplateSyntax.Error asError(String text) {
      String before = text.substring(0, Math.min(offset, text.length()));
      int line = (int) before.chars().filter(c -> c == '\n').count() + 1;
      int column = before.length() - before.lastIndexOf('\n');
      return new TemplateSyntax.Error(line, column, message);
    }
  }

  /** The first construct of a template text that is not shown to behave as in Ansible. */
  public static Optional<Refusal> inTemplate(String text) {
    return firstRefused(template(text));
  }

  /** The first construct of a bare expression that is not shown to behave as in Ansible. */
  public static Optional<Refusal> inExpression(String expression) {
    return firstRefused(expression(expression, 0));
  }

  private static Optional<Refusal> firstRefused(List<Construct> all) {
    for (Construct c : all) {
      if (!JinjaAllowed.allows(c)) {
        return Optional.of(
            new Refusal(
                c.offset(),
                c.label(),
                "Jinja2 "
                    + c.label()
                    + " is not yet shown to behave as in Ansible; pagetune refuses it at load"
                    + " rather than risk a different result (README: \"Ansible compatibility\")"));
      }
    }
    return Optional.empty();
  }

  /** Every construct of a template text, in order. */
  public static List<Construct> template(String text) {
    List<Construct> out = new ArrayList<>();
    java.util.Deque<String> statements = new java.util.ArrayDeque<>();
    String lead = text.stripLeading();
    if ((lead.startsWith("{")
            && !lead.startsWith("{{")
            && !lead.startsWith("{%")
            && !lead.startsWith("{#"))
        || lead.startsWith("[")) {
      // ansible-core reads a rendered text that starts so back as a Python literal
      out.add(new Construct(Kind.FORM, "text read as a literal", text.length() - lead.length()));
    }
    int i = 0;
    while (i < text.length()) {
      int open = nextOpen(text, i);
      if (open < 0) {
        break;
      }
      String kind = text.substring(open, open + 2);
      String close = kind.equals("{{") ? "}}" : kind.equals("{%") ? "%}" : "#}";
      int end = text.indexOf(close, open + 2);
      if (end < 0) {
        break; // the syntax check reports it
      }
      int from = open + 2;
      int to = end;
      if (from < to && (text.charAt(from) == '-' || text.charAt(from) == '+')) {
        out.add(new Construct(Kind.FORM, "whitespace control", open));
        from++;
      }
      if (to > from && (text.charAt(to - 1) == '-' || text.charAt(to - 1) == '+')) {
        out.add(new Construct(Kind.FORM, "whitespace control", to - 1));
        to--;
      }
      if (kind.equals("{#")) {
        out.add(new Construct(Kind.FORM, "comment", open));
        i = end + 2;
      } else if (kind.equals("{{")) {
        out.addAll(expression(text.substring(from, to), from));
        i = end + 2;
      } else {
        i = statement(text, from, to, end + 2, out, statements);
      }
    }
    return out;
  }

  private static int nextOpen(String text, int from) {
    int best = -1;
    for (String open : new String[] {"{{", "{%", "{#"}) {
      int at = text.indexOf(open, from);
      if (at >= 0 && (best < 0 || at < best)) {
        best = at;
      }
    }
    return best;
  }

  /** One {@code {% … %}}; returns where the walk goes on. */
  private static int statement(
      String text, int from, int to, int after, List<Construct> out, java.util.Deque<String> open) {
    List<Token> tokens = tokens(text.substring(from, to), from);
    if (tokens.isEmpty()) {
      return after;
    }
    Token head = tokens.get(0);
    String name = head.text();
    switch (name) {
      case "raw" -> {
        out.add(new Construct(Kind.STATEMENT, "raw", head.offset()));
        int endRaw = text.indexOf("endraw", after);
        int close = endRaw < 0 ? -1 : text.indexOf("%}", endRaw);
        return close < 0 ? text.length() : close + 2;
      }
      case "for" -> {
        open.push("for");
        out.add(new Construct(Kind.STATEMENT, "for", head.offset()));
        int in = indexOf(tokens, "in");
        if (in > 0) {
          walk(tokens.subList(in + 1, tokens.size()), out);
          // {% for x in xs if x.on %} and {% for … recursive %}: forms of their own
          for (String form : List.of("if", "recursive")) {
            int at = indexOf(tokens.subList(in + 1, tokens.size()), form);
            if (at >= 0) {
              out.add(new Construct(Kind.FORM, "for " + form, tokens.get(in + 1 + at).offset()));
            }
          }
        }
      }
      case "if" -> {
        open.push("if");
        out.add(new Construct(Kind.STATEMENT, "if", head.offset()));
        walk(tokens.subList(1, tokens.size()), out);
      }
      case "set" -> {
        int eq = indexOf(tokens, "=");
        if (eq < 0) {
          open.push("set");
        }
        out.add(new Construct(Kind.STATEMENT, eq < 0 ? "set block" : "set", head.offset()));
        if (eq > 0) {
          walk(tokens.subList(eq + 1, tokens.size()), out);
        }
      }
      case "macro" -> {
        open.push("macro");
        out.add(new Construct(Kind.STATEMENT, "macro", head.offset()));
        // defaults of the macro's arguments are expressions
        int eq = indexOf(tokens, "=");
        if (eq > 0) {
          walk(tokens.subList(eq + 1, tokens.size()), out);
        }
      }
      case "else" -> {
        if ("for".equals(open.peek())) {
          out.add(new Construct(Kind.STATEMENT, "for else", head.offset()));
        }
      }
      case "endif", "endfor", "endmacro", "endset", "endraw" -> open.poll();
      case "elif" -> {
        out.add(new Construct(Kind.STATEMENT, "elif", head.offset()));
        walk(tokens.subList(1, tokens.size()), out);
      }
      default -> {
        out.add(new Construct(Kind.STATEMENT, name, head.offset()));
        walk(tokens.subList(1, tokens.size()), out);
      }
    }
    return after;
  }

  private static int indexOf(List<Token> tokens, String text) {
    for (int i = 0; i < tokens.size(); i++) {
      if (tokens.get(i).text().equals(text) && tokens.get(i).type() != Type.STRING) {
        return i;
      }
    }
    return -1;
  }

  /** Every construct of an expression whose first character is at {@code base}. */
  public static List<Construct> expression(String expression, int base) {
    List<Construct> out = new ArrayList<>();
    walk(tokens(expression, base), out);
    return out;
  }

  private static void walk(List<Token> t, List<Construct> out) {
    for (int i = 0; i < t.size(); i++) {
      Token tok = t.get(i);
      Token prev = i > 0 ? t.get(i - 1) : null;
      Token next = i + 1 < t.size() ? t.get(i + 1) : null;
      switch (tok.type()) {
        case STRING -> {
          if (tok.text().indexOf('\\') >= 0) {
            out.add(new Construct(Kind.FORM, "string escape", tok.offset()));
          }
        }
        case NUMBER -> {
          String n = tok.text().toLowerCase(java.util.Locale.ROOT);
          if (n.contains("e") && !n.startsWith("0x")) {
            out.add(new Construct(Kind.FORM, "exponent literal", tok.offset()));
          } else if (n.contains(".")) {
            out.add(new Construct(Kind.FORM, "float literal", tok.offset()));
          }
        }
        case NAME -> i = name(t, i, prev, next, out);
        case OP -> op(t, i, prev, next, out);
        case OTHER -> out.add(new Construct(Kind.FORM, "character " + tok.text(), tok.offset()));
      }
    }
  }

  private static int name(List<Token> t, int i, Token prev, Token next, List<Construct> out) {
    Token tok = t.get(i);
    String n = tok.text();
    if (prev != null && prev.is("|")) {
      out.add(new Construct(Kind.FILTER, n, tok.offset()));
      if (NAMING_FILTERS.contains(n) && next != null && next.is("(")) {
        named(t, i + 2, n, out);
      } else if (NAMING_FILTERS.contains(n) && !n.equals("map")) {
        // select/reject without a test keep the truthy items in Jinja2
        out.add(new Construct(Kind.FORM, n + " without a test", tok.offset()));
      }
      return i;
    }
    if (prev != null && prev.is(".")) {
      if (next != null && next.is("(")) {
        out.add(new Construct(Kind.METHOD, n, tok.offset()));
      } else if (i >= 2 && t.get(i - 2).is("loop") && t.get(i - 2).type() == Type.NAME) {
        out.add(new Construct(Kind.LOOP, n, tok.offset()));
      }
      return i;
    }
    if (next != null && next.is("=")) {
      String call = enclosingCall(t, i);
      if (call != null) {
        out.add(new Construct(Kind.ARGUMENT, call + "(" + n + "=)", tok.offset()));
      }
      return i;
    }
    switch (n) {
      case "is" -> {
        int j = i + 1;
        boolean not = j < t.size() && t.get(j).is("not");
        if (not) {
          j++;
        }
        if (j < t.size() && t.get(j).type() == Type.NAME) {
          out.add(new Construct(Kind.TEST, t.get(j).text(), t.get(j).offset()));
          if (not) {
            out.add(new Construct(Kind.OPERATOR, "is not", tok.offset()));
          }
          return j;
        }
        out.add(new Construct(Kind.OPERATOR, "is", tok.offset()));
        return i;
      }
      case "not" -> {
        if (next != null && next.is("in")) {
          out.add(new Construct(Kind.OPERATOR, "not in", tok.offset()));
          return i + 1;
        }
        out.add(new Construct(Kind.OPERATOR, "not", tok.offset()));
        return i;
      }
      case "in", "and", "or" -> {
        out.add(new Construct(Kind.OPERATOR, n, tok.offset()));
        return i;
      }
      case "if" -> {
        out.add(
            new Construct(
                Kind.FORM, hasElse(t, i) ? "inline if" : "inline if without else", tok.offset()));
        return i;
      }
      case "else" -> {
        return i;
      }
      case "True", "False" -> {
        out.add(new Construct(Kind.FORM, "boolean literal", tok.offset()));
        return i;
      }
      case "true", "false" -> {
        out.add(new Construct(Kind.FORM, "lower-case boolean literal", tok.offset()));
        return i;
      }
      case "None" -> {
        out.add(new Construct(Kind.FORM, "None literal", tok.offset()));
        return i;
      }
      case "none" -> {
        out.add(new Construct(Kind.FORM, "lower-case none literal", tok.offset()));
        return i;
      }
      default -> {
        if (next != null && next.is("(")) {
          out.add(new Construct(Kind.FUNCTION, n, tok.offset()));
          if (LOOKUP_FUNCTIONS.contains(n)
              && i + 2 < t.size()
              && t.get(i + 2).type() == Type.STRING) {
            Token plugin = t.get(i + 2);
            out.add(new Construct(Kind.LOOKUP, unquote(plugin.text()), plugin.offset()));
          }
        } else if (n.equals("loop") && (next == null || !next.is("."))) {
          out.add(new Construct(Kind.FORM, "loop variable", tok.offset()));
        } else if (MAGIC.contains(n) && (next == null || !next.is("="))) {
          out.add(new Construct(Kind.VARIABLE, n, tok.offset()));
        }
        return i;
      }
    }
  }

  /** The name of the filter, test, method or function whose parentheses hold token {@code i}. */
  private static String enclosingCall(List<Token> t, int i) {
    int depth = 0;
    for (int j = i - 1; j >= 0; j--) {
      Token x = t.get(j);
      if (x.is(")") || x.is("]") || x.is("}")) {
        depth++;
      } else if (x.is("[") || x.is("{")) {
        depth--;
      } else if (x.is("(")) {
        if (depth == 0) {
          return j > 0 && t.get(j - 1).type() == Type.NAME ? t.get(j - 1).text() : null;
        }
        depth--;
      }
    }
    return null;
  }

  /**
   * The filter or test a naming filter's string argument names: {@code map('int')}, {@code
   * select('match', …)}, {@code selectattr('k', 'defined')}.
   */
  private static void named(List<Token> t, int from, String filter, List<Construct> out) {
    int strings = 0;
    int wanted = filter.endsWith("attr") ? 2 : 1;
    int j = from;
    for (; j < t.size() && !t.get(j).is(")"); j++) {
      Token x = t.get(j);
      if (x.is("=")) {
        return; // map(attribute='x'): no filter named
      }
      if (x.type() == Type.STRING && ++strings == wanted) {
        Kind kind = filter.equals("map") ? Kind.FILTER : Kind.TEST;
        out.add(new Construct(kind, unquote(x.text()), x.offset()));
        return;
      }
    }
    if (strings < wanted && !filter.equals("map")) {
      out.add(new Construct(Kind.FORM, filter + " without a test", t.get(from - 1).offset()));
    }
  }

  /** True when an inline {@code if} at {@code i} has its {@code else} at the same depth. */
  private static boolean hasElse(List<Token> t, int i) {
    int depth = 0;
    for (int j = i + 1; j < t.size(); j++) {
      Token x = t.get(j);
      if (x.is("(") || x.is("[") || x.is("{")) {
        depth++;
      } else if (x.is(")") || x.is("]") || x.is("}")) {
        if (depth == 0) {
          return false;
        }
        depth--;
      } else if (depth == 0 && x.is("else") && x.type() == Type.NAME) {
        return true;
      }
    }
    return false;
  }

  private static void op(List<Token> t, int i, Token prev, Token next, List<Construct> out) {
    Token tok = t.get(i);
    String o = tok.text();
    boolean afterValue =
        prev != null
            && (prev.type() == Type.NAME && !isKeyword(prev.text())
                || prev.type() == Type.STRING
                || prev.type() == Type.NUMBER
                || VALUE_ENDS.contains(prev.text()));
    switch (o) {
      case "[" -> {
        if (!afterValue) {
          out.add(new Construct(Kind.FORM, "list literal", tok.offset()));
          return;
        }
        int close = matching(t, i);
        boolean slice = false;
        int depth = 0;
        for (int j = i + 1; j < close; j++) {
          Token x = t.get(j);
          if (x.is("(") || x.is("[") || x.is("{")) {
            depth++;
          } else if (x.is(")") || x.is("]") || x.is("}")) {
            depth--;
          } else if (depth == 0 && x.is(":")) {
            slice = true;
          }
        }
        if (slice) {
          out.add(new Construct(Kind.FORM, "slice", tok.offset()));
        } else if (next != null && next.is("-")) {
          out.add(new Construct(Kind.FORM, "negative index", tok.offset()));
        } else if (next != null && next.type() == Type.NUMBER) {
          out.add(new Construct(Kind.FORM, "integer index", tok.offset()));
        }
      }
      case "{" -> out.add(new Construct(Kind.FORM, "dict literal", tok.offset()));
      case "(" -> {
        if (!afterValue && next != null) {
          // a tuple or a grouping: a tuple has a comma at its own depth
          int close = matching(t, i);
          int depth = 0;
          for (int j = i + 1; j < close; j++) {
            Token x = t.get(j);
            if (x.is("(") || x.is("[") || x.is("{")) {
              depth++;
            } else if (x.is(")") || x.is("]") || x.is("}")) {
              depth--;
            } else if (depth == 0 && x.is(",")) {
              out.add(new Construct(Kind.FORM, "tuple literal", tok.offset()));
              return;
            }
          }
        }
      }
      case "-" -> out.add(new Construct(Kind.OPERATOR, afterValue ? "-" : "unary -", tok.offset()));
      case "+" -> out.add(new Construct(Kind.OPERATOR, afterValue ? "+" : "unary +", tok.offset()));
      case "*", "/", "//", "%", "**", "~", "==", "!=", "<", ">", "<=", ">=" ->
          out.add(new Construct(Kind.OPERATOR, o, tok.offset()));
      default -> {
        // ) ] } , : . | = : structure, named by what follows them
      }
    }
  }

  private static boolean isKeyword(String s) {
    return Set.of("and", "or", "not", "in", "is", "if", "else").contains(s);
  }

  private static int matching(List<Token> t, int open) {
    int depth = 0;
    for (int j = open; j < t.size(); j++) {
      Token x = t.get(j);
      if (x.type() != Type.OP) {
        continue;
      }
      if (x.is("(") || x.is("[") || x.is("{")) {
        depth++;
      } else if (x.is(")") || x.is("]") || x.is("}")) {
        depth--;
        if (depth == 0) {
          return j;
        }
      }
    }
    return t.size();
  }

  private static String unquote(String s) {
    return s.length() >= 2 ? s.substring(1, s.length() - 1) : s;
  }

  private enum Type {
    STRING,
    NUMBER,
    NAME,
    OP,
    OTHER
  }

  private record Token(Type type, String text, int offset) {
    boolean is(String s) {
      return text.equals(s) && type != Type.STRING;
    }
  }

  private static final List<String> OPERATORS =
      List.of(
          "**", "//", "==", "!=", "<=", ">=", "+", "-", "*", "/", "%", "~", "<", ">", "=", "(", ")",
          "[", "]", "{", "}", ",", ":", ".", "|");

  private static List<Token> tokens(String s, int base) {
    List<Token> out = new ArrayList<>();
    int i = 0;
    while (i < s.length()) {
      char c = s.charAt(i);
      if (Character.isWhitespace(c)) {
        i++;
      } else if (c == '\'' || c == '"') {
        int j = i + 1;
        while (j < s.length() && s.charAt(j) != c) {
          j += s.charAt(j) == '\\' ? 2 : 1;
        }
        int end = Math.min(j + 1, s.length());
        out.add(new Token(Type.STRING, s.substring(i, end), base + i));
        i = end;
      } else if (Character.isDigit(c)
          || (c == '.'
              && i + 1 < s.length()
              && Character.isDigit(s.charAt(i + 1))
              && (out.isEmpty() || !out.get(out.size() - 1).is(")")))) {
        int j = i;
        while (j < s.length()
            && (Character.isLetterOrDigit(s.charAt(j))
                || s.charAt(j) == '_'
                || (s.charAt(j) == '.' && j + 1 < s.length() && Character.isDigit(s.charAt(j + 1)))
                || ((s.charAt(j) == '+' || s.charAt(j) == '-')
                    && (s.charAt(j - 1) == 'e' || s.charAt(j - 1) == 'E')))) {
          j++;
        }
        out.add(new Token(Type.NUMBER, s.substring(i, j), base + i));
        i = j;
      } else if (Character.isLetter(c) || c == '_') {
        int j = i;
        while (j < s.length() && (Character.isLetterOrDigit(s.charAt(j)) || s.charAt(j) == '_')) {
          j++;
        }
        out.add(new Token(Type.NAME, s.substring(i, j), base + i));
        i = j;
      } else {
        String op = null;
        for (String candidate : OPERATORS) {
          if (s.startsWith(candidate, i)) {
            op = candidate;
            break;
          }
        }
        if (op == null) {
          out.add(new Token(Type.OTHER, String.valueOf(c), base + i));
          i++;
        } else {
          out.add(new Token(Type.OP, op, base + i));
          i += op.length();
        }
      }
    }
    return out;
  }
}
