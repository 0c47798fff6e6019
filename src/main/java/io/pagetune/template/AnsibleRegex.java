package io.pagetune.template;

import freemarker.template.TemplateModelException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * Ansible's regex filters and tests with Python's {@code re} reading: {@code (?P<name>…)} groups,
 * {@code \1} and {@code \g<name>} in replacements, no multiline unless asked, and {@code match}
 * anchored at the start only.
 */
final class AnsibleRegex {
  private AnsibleRegex() {}

  static List<JinjaFilter> filters() {
    return List.of(
        new JinjaFilter("regex_search", AnsibleRegex::search),
        new JinjaFilter("regex_findall", AnsibleRegex::findall),
        new JinjaFilter("regex_replace", AnsibleRegex::replace),
        new JinjaFilter("regex_escape", (v, a, k) -> escape(String.valueOf(v))));
  }

  /** Python's pattern syntax as Java reads it. */
  static Pattern compile(String regex, Map<String, Object> kwargs) {
    int flags = 0;
    if (JinjaFilter.truthy(kwargs.get("ignorecase"))) {
      flags |= Pattern.CASE_INSENSITIVE;
    }
    if (JinjaFilter.truthy(kwargs.get("multiline"))) {
      flags |= Pattern.MULTILINE;
    }
    String java = regex.replace("(?P<", "(?<").replaceAll("\\(\\?P=(\\w+)\\)", "\\\\k<$1>");
    try {
      return Pattern.compile(java, flags);
    } catch (PatternSyntaxException e) {
      throw new IllegalArgumentException("invalid regular expression: " + e.getDescription());
    }
  }

  private static Matcher matcher(Object v, List<Object> a, Map<String, Object> k) {
    String regex = String.valueOf(JinjaFilter.arg(a, k, 0, "regex", ""));
    return compile(regex, k).matcher(new InterruptibleText(String.valueOf(v)));
  }

  private static Object search(Object v, List<Object> a, Map<String, Object> k) {
    // ansible-core reads the group arguments (\\1, \\g<name>) before it searches
    List<Object> refs = new ArrayList<>();
    for (Object g : a.subList(Math.min(1, a.size()), a.size())) {
      refs.add(groupReference(String.valueOf(g)));
    }
    Matcher m = matcher(v, a, k);
    if (!m.find()) {
      return null;
    }
    if (refs.isEmpty()) {
      return m.group();
    }
    List<Object> groups = new ArrayList<>();
    for (Object ref : refs) {
      groups.add(ref instanceof Integer i ? m.group(i) : m.group((String) ref));
    }
    return groups;
  }

  private static final java.util.regex.Pattern NAMED_GROUP =
      java.util.regex.Pattern.compile("\\\\g<(\\S+)>");
  private static final java.util.regex.Pattern NUMBERED_GROUP =
      java.util.regex.Pattern.compile("\\\\(\\d+)");

  /** A group argument as ansible-core reads it: a name, a number, or a failure. */
  private static Object groupReference(String ref) {
    if (ref.startsWith("\\g")) {
      Matcher m = NAMED_GROUP.matcher(ref);
      if (!m.lookingAt()) {
        throw new IllegalArgumentException("'NoneType' object has no attribute 'group'");
      }
      return m.group(1);
    }
    if (ref.startsWith("\\")) {
      Matcher m = NUMBERED_GROUP.matcher(ref);
      if (!m.lookingAt()) {
        throw new IllegalArgumentException("'NoneType' object has no attribute 'group'");
      }
      return Integer.valueOf(m.group(1));
    }
    throw new IllegalArgumentException("Unknown argument");
  }

  private static Object findall(Object v, List<Object> a, Map<String, Object> k) {
    Matcher m = matcher(v, a, k);
    List<Object> out = new ArrayList<>();
    while (m.find()) {
      if (m.groupCount() == 0) {
        out.add(m.group());
      } else if (m.groupCount() == 1) {
        out.add(m.group(1) == null ? "" : m.group(1));
      } else {
        List<Object> groups = new ArrayList<>();
        for (int i = 1; i <= m.groupCount(); i++) {
          groups.add(m.group(i) == null ? "" : m.group(i));
        }
        out.add(groups);
      }
    }
    return out;
  }

  private static Object replace(Object v, List<Object> a, Map<String, Object> k) {
    String replacement = String.valueOf(JinjaFilter.arg(a, k, 1, "replacement", ""));
    try {
      return RegexReplacement.written(replacement).replaceAll(matcher(v, a, k));
    } catch (TemplateModelException e) {
      throw new IllegalArgumentException(e.getMessage(), e);
    }
  }

  private static String escape(String s) {
    StringBuilder out = new StringBuilder();
    for (char c : s.toCharArray()) {
      if (!Character.isLetterOrDigit(c) && c != '_') {
        out.append('\\');
      }
      out.append(c);
    }
    return out.toString();
  }

  /** The {@code match} (anchored at the start), {@code search} and {@code regex} tests. */
  static boolean test(Object v, String regex, String how, Map<String, Object> k) {
    Matcher m = compile(regex, k).matcher(new InterruptibleText(String.valueOf(v)));
    return how.equals("match") ? m.lookingAt() : m.find();
  }
}
