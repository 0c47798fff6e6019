package io.pagetune.template;

import io.pagetune.template.JinjaTokens.Token;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The constructs a Jinja2 template or expression is made of (filters, tests, Python methods,
 * functions, lookups, operators, statements, {@code loop.*} attributes and a few syntactic forms),
 * found by a walk over its tokens at load. Only those shown by the differential corpus to behave as
 * in ansible-core ({@link JinjaAllowed}) are accepted; the first other one is refused at load,
 * named, rather than risk a result that differs from Ansible's without a word.
 */
public final class JinjaConstructs {

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
    List<Token> tokens = JinjaTokens.tokens(text.substring(from, to), from);
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
        int in = JinjaTokens.indexOf(tokens, "in");
        if (in > 0) {
          JinjaExpressionWalk.walk(tokens.subList(in + 1, tokens.size()), out);
          // {% for x in xs if x.on %} and {% for … recursive %}: forms of their own
          for (String form : List.of("if", "recursive")) {
            int at = JinjaTokens.indexOf(tokens.subList(in + 1, tokens.size()), form);
            if (at >= 0) {
              out.add(new Construct(Kind.FORM, "for " + form, tokens.get(in + 1 + at).offset()));
            }
          }
        }
      }
      case "if" -> {
        open.push("if");
        out.add(new Construct(Kind.STATEMENT, "if", head.offset()));
        JinjaExpressionWalk.walk(tokens.subList(1, tokens.size()), out);
      }
      case "set" -> {
        int eq = JinjaTokens.indexOf(tokens, "=");
        if (eq < 0) {
          open.push("set");
        }
        out.add(new Construct(Kind.STATEMENT, eq < 0 ? "set block" : "set", head.offset()));
        if (eq > 0) {
          JinjaExpressionWalk.walk(tokens.subList(eq + 1, tokens.size()), out);
        }
      }
      case "macro" -> {
        open.push("macro");
        out.add(new Construct(Kind.STATEMENT, "macro", head.offset()));
        // defaults of the macro's arguments are expressions
        int eq = JinjaTokens.indexOf(tokens, "=");
        if (eq > 0) {
          JinjaExpressionWalk.walk(tokens.subList(eq + 1, tokens.size()), out);
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
        JinjaExpressionWalk.walk(tokens.subList(1, tokens.size()), out);
      }
      default -> {
        out.add(new Construct(Kind.STATEMENT, name, head.offset()));
        JinjaExpressionWalk.walk(tokens.subList(1, tokens.size()), out);
      }
    }
    return after;
  }

  /** Every construct of an expression whose first character is at {@code base}. */
  public static List<Construct> expression(String expression, int base) {
    List<Construct> out = new ArrayList<>();
    JinjaExpressionWalk.walk(JinjaTokens.tokens(expression, base), out);
    return out;
  }
}
