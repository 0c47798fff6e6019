package io.pagetune.template;

import io.pagetune.error.InputException;
import io.pagetune.error.SourceLocation;
import io.pagetune.yaml.SourceText;
import io.pagetune.yaml.YamlValue;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Which language a YAML file (playbook, task file, role file, vars file, inventory, {@code -e}
 * file) is written in, decided once when it loads (README: "Ansible compatibility: which language a
 * file is written in"):
 *
 * <ol>
 *   <li>a comment {@code # pagetune: jinja} or {@code # pagetune: freemarker} among the first lines
 *       decides;
 *   <li>Jinja syntax ({@code {{ }}}, {@code {% %}}, {@code {# #}}) or a Jinja-only bare condition
 *       ({@code x is defined}, {@code a | bool}, {@code not x}, {@code x in y}, {@code True}) makes
 *       it Jinja; FreeMarker syntax beside it is refused, except what Ansible reads as plain text:
 *       {@code ${UPPER}} anywhere and any {@code ${…}} in shell or file text;
 *   <li>FreeMarker syntax makes it FreeMarker, as every file was before Jinja ran;
 *   <li>a file whose only template-like text is {@code ${UPPER}} is refused: a shell variable in
 *       Ansible, a variable in FreeMarker, and nothing else in the file tells which;
 *   <li>shell-only expansions ({@code ${HOME:-x}}, {@code ${#x}}) are not FreeMarker: with no other
 *       syntax the file is Jinja, where they are plain text as in Ansible;
 *   <li>anything else (plain YAML) is FreeMarker, which reads it exactly as Jinja would.
 * </ol>
 */
public final class YamlLanguageRule {
  /** Keys whose values are bare expressions rather than templates. */
  static final Set<String> CONDITIONS =
      Set.of("when", "changed_when", "failed_when", "until", "that");

  /** Keys whose text goes to a shell or into a file, where Ansible leaves {@code ${…}} alone. */
  static final Set<String> SHELL_TEXT =
      Set.of(
          "shell",
          "command",
          "raw",
          "script",
          "cmd",
          "argv",
          "environment",
          "line",
          "block",
          "content",
          "regexp");

  private static final int MARKER_LINES = 5;
  private static final Pattern MARKER =
      Pattern.compile("^\\s*#\\s*pagetune\\s*:\\s*([A-Za-z]+)\\s*$", Pattern.MULTILINE);
  private static final Pattern UPPER = Pattern.compile("[A-Z_][A-Z0-9_]*");
  private static final Pattern SHELL_EXPANSION =
      Pattern.compile("#[A-Za-z_@*0-9].*|[A-Za-z_][A-Za-z0-9_]*(?::[-=?+]|:\\d|%%|##|/|\\^|,).*");

  /**
   * Jinja-only words and operators in a bare condition; FreeMarker has none of them (it writes
   * {@code ??}, {@code !}, {@code &&}, {@code ||}).
   */
  private static final Pattern JINJA_CONDITION =
      Pattern.compile(
          "\\bis\\s+(?:not\\s+)?[A-Za-z_]|(?<![|])\\|(?![|])\\s*[A-Za-z_]|(?:^|[\\s(])not\\s"
              + "|\\s(?:not\\s+)?in\\s|\\s(?:and|or)\\s|\\b(?:True|False|None)\\b|\\{\\{");

  /** FreeMarker-only syntax of a bare condition. */
  private static final Pattern FREEMARKER_CONDITION =
      Pattern.compile("\\?\\?|\\?[a-z_]+|&&|\\|\\||(?:^|[\\s(])!(?!=)|\\$\\{|<#");

  private static final Pattern STRINGS =
      Pattern.compile("'(?:[^'\\\\]|\\\\.)*'|\"(?:[^\"\\\\]|\\\\.)*\"");

  private YamlLanguageRule() {}

  /** Where one piece of evidence is written, and what it is. */
  private record Sign(SourceLocation at, String written) {}

  /** What the file's text shows, the first of each kind. */
  private static final class Evidence {
    Sign jinja;
    Sign freemarker;
    Sign shellVariable;
    Sign shellOnly;

    /** FreeMarker syntax that a Jinja file could not read as Ansible does. */
    Sign mix;
  }

  /**
   * The language of the YAML file {@code label}, or an {@link InputException} at {@code
   * file:line:col} when the rule cannot place it.
   *
   * @param source the file's text (for the marker and the positions)
   * @param root the parsed document
   */
  public static TemplateLanguage decide(
      String label, SourceText source, String text, YamlValue root) {
    Optional<TemplateLanguage> marked = marker(label, text);
    if (marked.isPresent()) {
      return marked.get();
    }
    Evidence e = new Evidence();
    walk(root, "value", false, false, source, e);
    return decide(e);
  }

  /** The language of one value written on one line ({@code -e key=value}, an INI line). */
  public static TemplateLanguage decideLine(String value, SourceLocation at, String key) {
    Evidence e = new Evidence();
    scalar(value, key, false, SHELL_TEXT.contains(key), at, null, e);
    return decide(e);
  }

  private static TemplateLanguage decide(Evidence e) {
    if (e.jinja != null) {
      if (e.mix != null) {
        throw new InputException(
            e.mix.at(),
            "'"
                + e.mix.written()
                + "' is FreeMarker in a file that uses Jinja2 (at "
                + e.jinja.at()
                + ": '"
                + e.jinja.written()
                + "'): the file mixes FreeMarker and Jinja; write it in one language (in Jinja, a"
                + " literal '${' outside shell text is written {{ '${' }}), or mark the file with a"
                + " first-line comment '# pagetune: jinja' or '# pagetune: freemarker'");
      }
      return TemplateLanguage.JINJA;
    }
    if (e.freemarker != null) {
      return TemplateLanguage.FREEMARKER;
    }
    if (e.shellVariable != null) {
      throw new InputException(
          e.shellVariable.at(),
          "'"
              + e.shellVariable.written()
              + "' is ambiguous: in Ansible (Jinja2) it is plain text a shell expands, in"
              + " pagetune's FreeMarker a variable, and the file has no other template syntax to"
              + " tell which; add the first-line comment '# pagetune: jinja' (plain text, as in"
              + " Ansible) or '# pagetune: freemarker' (a variable)");
    }
    if (e.shellOnly != null) {
      return TemplateLanguage.JINJA;
    }
    return TemplateLanguage.FREEMARKER;
  }

  /** The language a first-lines comment {@code # pagetune: …} names, if any. */
  static Optional<TemplateLanguage> marker(String label, String text) {
    String head = text.lines().limit(MARKER_LINES).reduce("", (a, b) -> a + b + "\n");
    Matcher m = MARKER.matcher(head);
    if (!m.find()) {
      return Optional.empty();
    }
    String name = m.group(1).toLowerCase(Locale.ROOT);
    return switch (name) {
      case "jinja", "jinja2" -> Optional.of(TemplateLanguage.JINJA);
      case "freemarker" -> Optional.of(TemplateLanguage.FREEMARKER);
      default -> {
        int line = (int) head.substring(0, m.start(1)).chars().filter(c -> c == '\n').count() + 1;
        int col = m.start(1) - head.lastIndexOf('\n', m.start(1) - 1);
        throw new InputException(
            new SourceLocation(label, line, col),
            "unknown language '"
                + m.group(1)
                + "': write '# pagetune: jinja' or"
                + " '# pagetune: freemarker'");
      }
    };
  }

  private static void walk(
      YamlValue v, String key, boolean condition, boolean shell, SourceText source, Evidence e) {
    if (v instanceof YamlValue.Mapping m) {
      for (var entry : m.entries().entrySet()) {
        String k = entry.getKey();
        walk(
            entry.getValue().value(),
            k,
            CONDITIONS.contains(k),
            shell || SHELL_TEXT.contains(k),
            source,
            e);
      }
    } else if (v instanceof YamlValue.Seq s) {
      for (YamlValue item : s.items()) {
        walk(item, key, condition, shell, source, e);
      }
    } else if (v instanceof YamlValue.Scalar sc && sc.value() instanceof String text) {
      scalar(text, key, condition, shell, sc.location(), source, e);
    }
  }

  private static void scalar(
      String text,
      String key,
      boolean condition,
      boolean shell,
      SourceLocation at,
      SourceText source,
      Evidence e) {
    if (e.jinja == null) {
      Optional<String> jinja = condition ? jinjaCondition(text) : jinjaText(text);
      jinja.ifPresent(w -> e.jinja = new Sign(locate(source, at, text, w), w));
    }
    if (condition && !text.contains("${")) {
      Matcher fm = FREEMARKER_CONDITION.matcher(blankStrings(text));
      if (fm.find()) {
        Sign s = new Sign(locate(source, at, text, fm.group().strip()), fm.group().strip());
        note(e, s, true);
      }
      return;
    }
    if (text.contains("<#") || text.contains("<@")) {
      int i = text.contains("<#") ? text.indexOf("<#") : text.indexOf("<@");
      String w = text.substring(i, Math.min(text.length(), i + 2));
      note(e, new Sign(locate(source, at, text, w), w), true);
    }
    for (int i = text.indexOf("${"); i >= 0; i = text.indexOf("${", i + 2)) {
      int end = closing(text, i + 2);
      String inner = text.substring(i + 2, Math.min(end, text.length()));
      String written = text.substring(i, Math.min(end + 1, text.length()));
      Sign s = new Sign(locate(source, at, text, written), written);
      if (UPPER.matcher(inner).matches()) {
        if (e.shellVariable == null) {
          e.shellVariable = s;
        }
      } else if (SHELL_EXPANSION.matcher(inner).matches()
          && new TemplateSyntax().expression(inner).isPresent()) {
        if (e.shellOnly == null) {
          e.shellOnly = s;
        }
      } else {
        note(e, s, !shell);
      }
    }
  }

  /** FreeMarker evidence; {@code mixes} when a Jinja file could not hold it as plain text. */
  private static void note(Evidence e, Sign s, boolean mixes) {
    if (e.freemarker == null) {
      e.freemarker = s;
    }
    if (mixes && e.mix == null) {
      e.mix = s;
    }
  }

  private static SourceLocation locate(
      SourceText source, SourceLocation at, String text, String w) {
    if (source == null || at == null) {
      return at;
    }
    int offset = text.indexOf(w);
    return offset < 0 ? at : source.locate(at, text, offset, w.length());
  }

  /**
   * The first Jinja syntax of a template text: {@code {{ }}}, {@code {% %}}, {@code {# #}}; not
   * inside a FreeMarker {@code ${…}}, where {@code ${"{{"}} writes a literal.
   */
  static Optional<String> jinjaText(String text) {
    Optional<JinjaSyntax.Use> use = JinjaSyntax.inText(text);
    if (use.isPresent() && use.get().written().startsWith("{")) {
      return Optional.of(use.get().written());
    }
    int open = text.indexOf("{#");
    if (open >= 0 && text.indexOf("#}", open + 2) > open && !text.contains("${")) {
      return Optional.of(text.substring(open, text.indexOf("#}", open + 2) + 2));
    }
    return Optional.empty();
  }

  /** The first Jinja-only part of a bare condition, if any. */
  static Optional<String> jinjaCondition(String condition) {
    Optional<String> text = jinjaText(condition);
    if (text.isPresent()) {
      return text;
    }
    Matcher m = JINJA_CONDITION.matcher(blankStrings(condition));
    return m.find()
        ? Optional.of(condition.substring(m.start(), m.end()).strip())
        : Optional.empty();
  }

  /** The text with the insides of string literals blanked, so their words are not syntax. */
  private static String blankStrings(String s) {
    Matcher m = STRINGS.matcher(s);
    StringBuilder out = new StringBuilder(s);
    while (m.find()) {
      for (int i = m.start() + 1; i < m.end() - 1; i++) {
        out.setCharAt(i, ' ');
      }
    }
    return out.toString();
  }

  /** Index of the '}' closing a {@code ${} whose body starts at {@code from}; strings skipped. */
  private static int closing(String s, int from) {
    int depth = 0;
    for (int i = from; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '"' || c == '\'') {
        int end = s.indexOf(c, i + 1);
        if (end > 0) {
          i = end;
        }
      } else if (c == '{') {
        depth++;
      } else if (c == '}') {
        if (depth == 0) {
          return i;
        }
        depth--;
      }
    }
    return s.length();
  }
}
