package io.pagetune.template;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * More of Python's str methods that Ansible content calls, with Python's results: the {@code is…}
 * predicates, case changes ({@code title}, {@code swapcase}, {@code casefold}), padding ({@code
 * zfill}, {@code ljust}, {@code rjust}, {@code center}), searches ({@code index}, {@code rfind},
 * {@code rindex}), {@code partition}/{@code rpartition} (tuples, as lists) and {@code rsplit}.
 */
final class PythonStrings {
  private PythonStrings() {}

  static Object call(String s, String name, List<Object> args) {
    String a0 = args.isEmpty() || args.get(0) == null ? null : PythonText.str(args.get(0));
    return switch (name) {
      case "isalpha" -> !s.isEmpty() && s.codePoints().allMatch(Character::isLetter);
      case "isalnum" -> !s.isEmpty() && s.codePoints().allMatch(Character::isLetterOrDigit);
      case "isspace" -> !s.isEmpty() && s.codePoints().allMatch(Character::isWhitespace);
      case "isupper" -> cased(s) && s.equals(s.toUpperCase(Locale.ROOT));
      case "islower" -> cased(s) && s.equals(s.toLowerCase(Locale.ROOT));
      case "title" -> title(s);
      case "swapcase" -> swapcase(s);
      case "casefold" -> s.toLowerCase(Locale.ROOT).replace("ß", "ss");
      case "zfill" -> zfill(s, width(args, 0));
      case "ljust" -> s + fill(s, width(args, 0), args);
      case "rjust" -> fill(s, width(args, 0), args) + s;
      case "center" -> center(s, width(args, 0), args);
      case "index" -> found(s.indexOf(a0));
      case "rfind" -> (long) s.lastIndexOf(a0);
      case "rindex" -> found(s.lastIndexOf(a0));
      case "partition" -> partition(s, a0, s.indexOf(a0), true);
      case "rpartition" -> partition(s, a0, s.lastIndexOf(a0), false);
      case "rsplit" -> rsplit(s, a0, args.size() > 1 ? ((Number) args.get(1)).intValue() : -1);
      default -> PythonMethods.NONE;
    };
  }

  /** Python's == between two plain values: numbers by value, else equal values of one type. */
  static boolean same(Object a, Object b) {
    if (a instanceof Number x && b instanceof Number y) {
      return x.doubleValue() == y.doubleValue();
    }
    return a == null ? b == null : a.equals(b);
  }

  private static boolean cased(String s) {
    return s.codePoints().anyMatch(c -> Character.isUpperCase(c) || Character.isLowerCase(c));
  }

  private static String title(String s) {
    StringBuilder out = new StringBuilder();
    boolean previousCased = false;
    for (char c : s.toCharArray()) {
      out.append(previousCased ? Character.toLowerCase(c) : Character.toUpperCase(c));
      previousCased = Character.isLetter(c);
    }
    return out.toString();
  }

  private static String swapcase(String s) {
    StringBuilder out = new StringBuilder();
    for (char c : s.toCharArray()) {
      out.append(Character.isUpperCase(c) ? Character.toLowerCase(c) : Character.toUpperCase(c));
    }
    return out.toString();
  }

  private static int width(List<Object> args, int i) {
    int w = ((Number) args.get(i)).intValue();
    if (w > JinjaFunctions.MAX_RANGE) {
      throw new IllegalArgumentException("width " + w + " is over the limit");
    }
    return w;
  }

  private static String fill(String s, int width, List<Object> args) {
    String c = args.size() > 1 ? PythonText.str(args.get(1)) : " ";
    return c.repeat(Math.max(0, width - s.length()));
  }

  private static String center(String s, int width, List<Object> args) {
    String c = args.size() > 1 ? PythonText.str(args.get(1)) : " ";
    int pad = Math.max(0, width - s.length());
    // CPython puts the odd pad character on the left when the width is odd
    int left = pad / 2 + (pad & width & 1);
    return c.repeat(left) + s + c.repeat(pad - left);
  }

  private static String zfill(String s, int width) {
    int pad = Math.max(0, width - s.length());
    if (!s.isEmpty() && (s.charAt(0) == '-' || s.charAt(0) == '+')) {
      return s.charAt(0) + "0".repeat(pad) + s.substring(1);
    }
    return "0".repeat(pad) + s;
  }

  private static long found(int at) {
    if (at < 0) {
      throw new IllegalArgumentException("substring not found");
    }
    return at;
  }

  private static List<Object> partition(String s, String sep, int at, boolean left) {
    if (sep == null || sep.isEmpty()) {
      throw new IllegalArgumentException("empty separator");
    }
    if (at < 0) {
      return left ? PythonTuple.of(s, "", "") : PythonTuple.of("", "", s);
    }
    return PythonTuple.of(s.substring(0, at), sep, s.substring(at + sep.length()));
  }

  private static List<Object> rsplit(String s, String sep, int max) {
    if (max < 0) {
      return new ArrayList<>(
          (List<?>) PythonMethods.call(s, "split", sep == null ? new ArrayList<>() : List.of(sep)));
    }
    List<Object> out = new ArrayList<>();
    String rest = sep == null ? s.stripTrailing() : s;
    while (max-- > 0) {
      int at;
      int len;
      if (sep == null) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("\\s+(?=\\S*$)").matcher(rest);
        if (!m.find()) {
          break;
        }
        at = m.start();
        len = m.end() - m.start();
      } else {
        at = rest.lastIndexOf(sep);
        len = sep.length();
        if (at < 0) {
          break;
        }
      }
      out.add(0, rest.substring(at + len));
      rest = rest.substring(0, at);
    }
    out.add(0, sep == null ? rest.stripLeading() : rest);
    return out;
  }
}
