package io.pagetune.template;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Finds Jinja2 syntax in user text, where Ansible habits would otherwise be written to hosts
 * literally ({@code {{ inventory_hostname }}}) or silently mean something else ({@code x | bool}
 * is FreeMarker's deprecated "or"). Gives the FreeMarker equivalent for the common cases.
 *
 * <p>Shell syntax is not Jinja: {@code ${VAR}} and {@code $((…))} hold no {@code {{}. Text inside a
 * FreeMarker {@code ${…}}, {@code <#noparse>} or comment is skipped, so {@code ${"{{"}} writes a
 * literal {@code {{}.
 */
public final class JinjaSyntax {
  private static final Pattern FILTER = Pattern.compile("\\|\\s*([A-Za-z_][A-Za-z0-9_]*)");
  private static final Pattern IS_DEFINED =
      Pattern.compile("([A-Za-z_][A-Za-z0-9_.]*)\\s+is\\s+(not\\s+)?defined\\b");
  private static final Pattern FILTER_CALL =
      Pattern.compile("([A-Za-z_][A-Za-z0-9_]*)\\s*(?:\\((.*)\\))?", Pattern.DOTALL);
  private static final Pattern CALL = Pattern.compile("[A-Za-z0-9_]\\s*\\(");
  private static final Pattern SIMPLE = Pattern.compile("[A-Za-z_][A-Za-z0-9_.\\[\\]'\"]*");

  private JinjaSyntax() {}

  /**
   * One use of Jinja2 syntax: where in the text, as written, and the FreeMarker for it if known.
   */
  public record Use(int offset, String written, String freemarker) {
    /**
     * The message, without location; {@code shown} false keeps a secret's text out of it, and out
     * of the equivalent, which is made from it.
     */
    public String message(boolean shown) {
      String what = shown ? "Jinja2 syntax '" + written + "'" : "Jinja2 syntax";
      String fix =
          freemarker != null && shown
              ? "write " + freemarker
              : "see \"Expressions: FreeMarker for Jinja2\" in README.md";
      String literal = written.startsWith("{") ? " (a literal '{{' is written ${\"{{\"})" : "";
      // a single '|' between two names may be an "or": FreeMarker reads it so, deprecated
      String or = freemarker == null && !written.startsWith("{") ? " (for 'or' write ||)" : "";
      return what + " is not evaluated by pagetune, which uses FreeMarker: " + fix + literal + or;
    }
  }

  /** In a string that is a template: {@code {{ }}}, {@code {% %}}, or a filter inside ${…}. */
  public static Optional<Use> inText(String s) {
    int i = 0;
    while (i < s.length()) {
      if (s.startsWith("<#noparse>", i)) {
        int end = s.indexOf("</#noparse>", i);
        i = end < 0 ? s.length() : end + 1;
      } else if (s.startsWith("<#--", i)) {
        int end = s.indexOf("-->", i);
        i = end < 0 ? s.length() : end + 3;
      } else if (s.startsWith("${", i)) {
        int end = closing(s, i + 2);
        Optional<Use> inner = filters(s.substring(i + 2, end), i + 2);
        if (inner.isPresent()) {
          return inner;
        }
        i = end + 1;
      } else if (s.startsWith("{{", i) && s.indexOf("}}", i + 2) > 0) {
        int end = s.indexOf("}}", i + 2) + 2;
        String inner = s.substring(i + 2, end - 2).strip();
        String fm = expression(inner);
        return Optional.of(new Use(i, s.substring(i, end), fm == null ? null : "${" + fm + "}"));
      } else if (s.startsWith("{%", i) && s.indexOf("%}", i + 2) > 0) {
        int end = s.indexOf("%}", i + 2) + 2;
        String inner = s.substring(i + 2, end - 2).replaceAll("^[-+]|[-+]$", "").strip();
        return Optional.of(new Use(i, s.substring(i, end), statement(inner)));
      } else {
        i++;
      }
    }
    return Optional.empty();
  }

  /** In a bare expression ({@code when}, {@code changed_when}, {@code assert: that}). */
  public static Optional<Use> inExpression(String s) {
    Optional<Use> text = inText(s);
    if (text.isPresent()) {
      return text.get().written().startsWith("{{")
          ? Optional.of(
              new Use(
                  text.get().offset(),
                  text.get().written(),
                  bare(text.get().written().substring(2, text.get().written().length() - 2))))
          : text;
    }
    return filters(s, 0);
  }

  private static String bare(String inner) {
    String fm = expression(inner.strip());
    return fm == null ? null : fm + " (conditions take no ${})";
  }

  /** Filters ({@code | int}) and tests ({@code is defined}) in FreeMarker expression text. */
  private static Optional<Use> filters(String expr, int base) {
    String code = blankStrings(expr);
    Matcher defined = IS_DEFINED.matcher(code);
    if (defined.find()) {
      String name = defined.group(1);
      String fm = defined.group(2) == null ? name + "??" : "!(" + name + "??)";
      return Optional.of(
          new Use(base + defined.start(), expr.substring(defined.start(), defined.end()), fm));
    }
    Matcher m = FILTER.matcher(code);
    while (m.find()) {
      int bar = m.start();
      if ((bar > 0 && code.charAt(bar - 1) == '|')
          || (bar + 1 < code.length() && code.charAt(bar + 1) == '|')) {
        continue; // "||" is FreeMarker's or
      }
      int start = pipelineStart(code, bar);
      int end = pipelineEnd(code, bar);
      String written = expr.substring(start, end).strip();
      String fm = expression(written);
      return Optional.of(new Use(base + start + leading(expr.substring(start, end)), written, fm));
    }
    return Optional.empty();
  }

  private static int leading(String s) {
    return s.length() - s.stripLeading().length();
  }

  /** Start of the operand a filter applies to: back to an operator, bracket or string start. */
  private static int pipelineStart(String code, int bar) {
    int depth = 0;
    for (int i = bar - 1; i >= 0; i--) {
      char c = code.charAt(i);
      if (c == ')' || c == ']') {
        depth++;
      } else if (c == '(' || c == '[') {
        if (depth == 0) {
          return i + 1;
        }
        depth--;
      } else if (depth == 0 && (c == '&' || c == ',' || c == '=' || c == '!' || c == '<')) {
        return i + 1;
      } else if (depth == 0 && c == '|' && i > 0 && code.charAt(i - 1) == '|') {
        return i + 1;
      }
    }
    return 0;
  }

  private static int pipelineEnd(String code, int bar) {
    int depth = 0;
    for (int i = bar + 1; i < code.length(); i++) {
      char c = code.charAt(i);
      if (c == '(' || c == '[') {
        depth++;
      } else if (c == ')' || c == ']') {
        if (depth == 0) {
          return i;
        }
        depth--;
      } else if (depth == 0
          && (c == '&' || c == ',' || c == '=' || c == '!' || c == '<' || c == '>')) {
        return i;
      } else if (depth == 0 && c == '|' && i + 1 < code.length() && code.charAt(i + 1) == '|') {
        return i;
      }
    }
    return code.length();
  }

  /** The text with string literals' contents replaced by spaces, offsets unchanged. */
  private static String blankStrings(String s) {
    StringBuilder out = new StringBuilder(s);
    char quote = 0;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (quote != 0) {
        if (c == '\\') {
          out.setCharAt(i, ' ');
          if (i + 1 < s.length()) {
            out.setCharAt(++i, ' ');
          }
        } else if (c == quote) {
          quote = 0;
        } else {
          out.setCharAt(i, ' ');
        }
      } else if (c == '"' || c == '\'') {
        quote = c;
      }
    }
    return out.toString();
  }

  /** Index of the '}' closing a ${ whose body starts at {@code from}; the end when unclosed. */
  private static int closing(String s, int from) {
    String code = blankStrings(s.substring(from));
    int depth = 0;
    for (int i = 0; i < code.length(); i++) {
      char c = code.charAt(i);
      if (c == '{') {
        depth++;
      } else if (c == '}') {
        if (depth == 0) {
          return from + i;
        }
        depth--;
      }
    }
    return s.length();
  }

  /** FreeMarker for a Jinja2 expression such as {@code x | default('a') | int}; null if unknown. */
  static String expression(String jinja) {
    List<String> parts = splitPipes(jinja);
    String head = parts.get(0).strip();
    if (head.isEmpty()) {
      return null;
    }
    Matcher defined = IS_DEFINED.matcher(head);
    if (defined.matches()) {
      return defined.group(2) == null ? defined.group(1) + "??" : "!(" + defined.group(1) + "??)";
    }
    if (CALL.matcher(blankStrings(head)).find()) {
      return null; // lookup(), query(), range(): Jinja functions have no one-to-one equivalent
    }
    String out = quotes(head);
    for (String f : parts.subList(1, parts.size())) {
      Matcher call = FILTER_CALL.matcher(f.strip());
      if (!call.matches()) {
        return null;
      }
      out = filter(call.group(1).toLowerCase(Locale.ROOT), call.group(2), out);
      if (out == null) {
        return null;
      }
    }
    return out;
  }

  private static String filter(String name, String args, String value) {
    String operand = SIMPLE.matcher(value).matches() ? value : "(" + value + ")";
    String a = args == null ? null : quotes(args.strip());
    return switch (name) {
      case "default", "d" -> a == null || a.isEmpty() ? operand + "!" : operand + "!" + a;
      case "int", "float", "bool", "length", "sum", "human_to_bytes", "b64decode", "b64encode" ->
          args == null ? name + "(" + value + ")" : null;
      case "count" -> args == null ? "length(" + value + ")" : null;
      case "lower" -> operand + "?lower_case";
      case "upper" -> operand + "?upper_case";
      case "trim" -> operand + "?trim";
      case "string" -> operand + "?string";
      case "regex_replace", "regex_search" ->
          a == null ? null : name + "(" + value + ", " + a + ")";
      default -> null;
    };
  }

  /** 'a' becomes "a": FreeMarker takes both, the double quotes read as pagetune's examples. */
  private static String quotes(String s) {
    StringBuilder out = new StringBuilder();
    boolean inSingle = false;
    boolean inDouble = false;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '\'' && !inDouble && s.indexOf('"') < 0) {
        inSingle = !inSingle;
        out.append('"');
      } else {
        if (c == '"' && !inSingle) {
          inDouble = !inDouble;
        }
        out.append(c);
      }
    }
    return out.toString();
  }

  private static List<String> splitPipes(String s) {
    String code = blankStrings(s);
    List<String> out = new ArrayList<>();
    int depth = 0;
    int start = 0;
    for (int i = 0; i < code.length(); i++) {
      char c = code.charAt(i);
      if (c == '(' || c == '[') {
        depth++;
      } else if (c == ')' || c == ']') {
        depth--;
      } else if (c == '|' && depth == 0) {
        out.add(s.substring(start, i));
        start = i + 1;
      }
    }
    out.add(s.substring(start));
    return out;
  }

  private static String statement(String inner) {
    String[] words = inner.split("\\s+", 2);
    String rest = words.length > 1 ? words[1].strip() : "";
    return switch (words[0]) {
      case "if" -> "<#if " + condition(rest) + ">";
      case "elif" -> "<#elseif " + condition(rest) + ">";
      case "else" -> "<#else>";
      case "endif" -> "</#if>";
      case "for" -> {
        Matcher m = Pattern.compile("(\\w+)\\s+in\\s+(.+)").matcher(rest);
        yield m.matches() ? "<#list " + m.group(2).strip() + " as " + m.group(1) + ">" : null;
      }
      case "endfor" -> "</#list>";
      case "set" -> "<#assign " + rest + ">";
      default -> null;
    };
  }

  private static String condition(String jinja) {
    String c = jinja;
    Matcher defined = IS_DEFINED.matcher(c);
    StringBuilder sb = new StringBuilder();
    while (defined.find()) {
      defined.appendReplacement(
          sb,
          Matcher.quoteReplacement(
              defined.group(2) == null
                  ? defined.group(1) + "??"
                  : "!(" + defined.group(1) + "??)"));
    }
    defined.appendTail(sb);
    c = sb.toString();
    c = c.replaceAll("\\band\\b", "&&").replaceAll("\\bor\\b", "||").replaceAll("\\bnot\\s+", "!");
    String fm = expression(c);
    return fm == null ? c : fm;
  }
}
