package io.pagetune.template;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The methods of Python's str and dict that Ansible expressions call ({@code x.split()}, {@code
 * x.startswith('a')}, {@code d.items()}), with Python's results. Only these: any other method name
 * is unknown, so no Java method is ever reached.
 */
final class PythonMethods {
  /** No such method: the caller reports the method as unknown. */
  static final Object NONE = new Object();

  private static final Pattern WHITESPACE = Pattern.compile("\\s+");

  private PythonMethods() {}

  static Object call(Object base, String name, List<Object> args) {
    if (base instanceof String s) {
      return string(s, name, args);
    }
    if (base instanceof Map<?, ?> m) {
      return dict(m, name, args);
    }
    if (base instanceof List<?> l) {
      return list(l, name, args);
    }
    return NONE;
  }

  /** list.index and list.count: Python's equality of the items (1 == 1.0, '1' != 1). */
  private static Object list(List<?> l, String name, List<Object> args) {
    return switch (name) {
      case "index" -> {
        for (int i = 0; i < l.size(); i++) {
          if (PythonStrings.same(l.get(i), args.get(0))) {
            yield (long) i;
          }
        }
        throw new IllegalArgumentException(PythonText.repr(args.get(0)) + " is not in list");
      }
      case "count" -> l.stream().filter(x -> PythonStrings.same(x, args.get(0))).count();
      default -> NONE;
    };
  }

  private static Object string(String s, String name, List<Object> args) {
    String a0 = args.isEmpty() || args.get(0) == null ? null : String.valueOf(args.get(0));
    return switch (name) {
      case "split" -> split(s, a0, args.size() > 1 ? ((Number) args.get(1)).intValue() : -1);
      case "splitlines" -> List.of(s.split("\\r?\\n|\\r"));
      case "startswith" ->
          args.get(0) instanceof List<?> l
              ? l.stream().anyMatch(p -> s.startsWith(String.valueOf(p)))
              : s.startsWith(a0);
      case "endswith" ->
          args.get(0) instanceof List<?> l
              ? l.stream().anyMatch(p -> s.endsWith(String.valueOf(p)))
              : s.endsWith(a0);
      case "strip" -> a0 == null ? s.strip() : stripChars(stripLeft(s, a0), a0);
      case "lstrip" -> a0 == null ? s.stripLeading() : stripLeft(s, a0);
      case "rstrip" -> a0 == null ? s.stripTrailing() : stripChars(s, a0);
      case "lower" -> s.toLowerCase(Locale.ROOT);
      case "upper" -> s.toUpperCase(Locale.ROOT);
      case "capitalize" ->
          s.isEmpty()
              ? s
              : s.substring(0, 1).toUpperCase(Locale.ROOT)
                  + s.substring(1).toLowerCase(Locale.ROOT);
      case "replace" -> s.replace(a0, String.valueOf(args.get(1)));
      case "find" -> (long) s.indexOf(a0);
      case "count" -> (long) ((s.length() - s.replace(a0, "").length()) / Math.max(1, a0.length()));
      case "isdigit" -> !s.isEmpty() && s.chars().allMatch(Character::isDigit);
      case "join" -> join(s, args.get(0));
      case "format" -> format(s, args);
      default -> PythonStrings.call(s, name, args);
    };
  }

  private static List<String> split(String s, String sep, int max) {
    if (sep == null) {
      String t = s.strip();
      if (t.isEmpty()) {
        return List.of();
      }
      return List.of(max < 0 ? WHITESPACE.split(t) : WHITESPACE.split(t, max + 1));
    }
    return List.of(s.split(Pattern.quote(sep), max < 0 ? -1 : max + 1));
  }

  private static String stripLeft(String s, String chars) {
    int i = 0;
    while (i < s.length() && chars.indexOf(s.charAt(i)) >= 0) {
      i++;
    }
    return s.substring(i);
  }

  private static String stripChars(String s, String chars) {
    int end = s.length();
    while (end > 0 && chars.indexOf(s.charAt(end - 1)) >= 0) {
      end--;
    }
    return s.substring(0, end);
  }

  private static String join(String sep, Object items) {
    List<String> parts = new ArrayList<>();
    if (items instanceof Iterable<?> it) {
      it.forEach(o -> parts.add(String.valueOf(o)));
    }
    return String.join(sep, parts);
  }

  /** {@code '{} and {}'.format(a, b)} with positional {} and {0} fields only. */
  private static String format(String s, List<Object> args) {
    StringBuilder out = new StringBuilder();
    int next = 0;
    int i = 0;
    while (i < s.length()) {
      char c = s.charAt(i);
      int close = s.indexOf('}', i);
      if (c == '{' && i + 1 < s.length() && s.charAt(i + 1) == '{') {
        out.append('{');
        i += 2;
      } else if (c == '}' && i + 1 < s.length() && s.charAt(i + 1) == '}') {
        out.append('}');
        i += 2;
      } else if (c == '{' && close > i) {
        String field = s.substring(i + 1, close);
        int index = field.isEmpty() ? next++ : Integer.parseInt(field);
        out.append(PythonText.str(args.get(index)));
        i = close + 1;
      } else {
        out.append(c);
        i++;
      }
    }
    return out.toString();
  }

  private static Object dict(Map<?, ?> m, String name, List<Object> args) {
    return switch (name) {
      case "items" -> {
        List<Object> out = new ArrayList<>();
        m.forEach((k, v) -> out.add(PythonTuple.of(k, v)));
        yield out;
      }
      case "keys" -> new ArrayList<>(m.keySet());
      case "values" -> new ArrayList<>(m.values());
      case "get" ->
          m.containsKey(args.get(0)) ? m.get(args.get(0)) : (args.size() > 1 ? args.get(1) : null);
      case "copy" -> new LinkedHashMap<>(m);
      default -> NONE;
    };
  }
}
