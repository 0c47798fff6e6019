package io.pagetune.template;

import static io.pagetune.template.JinjaTokens.isKeyword;
import static io.pagetune.template.JinjaTokens.matching;
import static io.pagetune.template.JinjaTokens.unquote;

import io.pagetune.template.JinjaConstructs.Construct;
import io.pagetune.template.JinjaConstructs.Kind;
import io.pagetune.template.JinjaTokens.Token;
import io.pagetune.template.JinjaTokens.Type;
import java.util.List;
import java.util.Set;

/**
 * The walk over an expression's tokens that names its constructs: filters, tests, methods,
 * functions and lookups, operators, keyword arguments, magic variables and literal forms.
 */
final class JinjaExpressionWalk {
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
          "pagetune_version",
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

  /** Keyword arguments allowed for some literal values only: their construct names the value. */
  private static final Set<String> VALUE_NAMED_ARGUMENTS =
      Set.of("version(version_type=)", "version_compare(version_type=)");

  /** Filters whose string arguments name another filter or test. */
  private static final Set<String> NAMING_FILTERS =
      Set.of("map", "select", "reject", "selectattr", "rejectattr");

  /** Literal names and their forms, each shown equal on its own. */
  private static final java.util.Map<String, String> LITERAL_FORMS =
      java.util.Map.of(
          "True", "boolean literal",
          "False", "boolean literal",
          "true", "lower-case boolean literal",
          "false", "lower-case boolean literal",
          "None", "None literal",
          "none", "lower-case none literal");

  static void walk(List<Token> t, List<Construct> out) {
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
        out.add(new Construct(Kind.ARGUMENT, argument(t, i, call), tok.offset()));
      }
      return i;
    }
    return keyword(t, i, next, out);
  }

  /**
   * {@code call(name=)}, or {@code call(name='value')} where only some literal values are shown.
   */
  private static String argument(List<Token> t, int i, String call) {
    String plain = call + "(" + t.get(i).text() + "=)";
    if (!VALUE_NAMED_ARGUMENTS.contains(plain)) {
      return plain;
    }
    boolean literal =
        i + 2 < t.size()
            && t.get(i + 2).type() == Type.STRING
            && (i + 3 >= t.size() || t.get(i + 3).is(",") || t.get(i + 3).is(")"));
    return literal
        ? call + "(" + t.get(i).text() + "='" + unquote(t.get(i + 2).text()) + "')"
        : plain;
  }

  /**
   * A name that is a keyword, literal, function, lookup or magic variable; where the walk goes on.
   */
  private static int keyword(List<Token> t, int i, Token next, List<Construct> out) {
    Token tok = t.get(i);
    String n = tok.text();
    if (LITERAL_FORMS.containsKey(n)) {
      out.add(new Construct(Kind.FORM, LITERAL_FORMS.get(n), tok.offset()));
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

  private JinjaExpressionWalk() {}
}
