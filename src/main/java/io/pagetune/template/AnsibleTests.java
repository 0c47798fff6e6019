package io.pagetune.template;

import com.hubspot.jinjava.el.ext.NamedParameter;
import com.hubspot.jinjava.interpret.JinjavaInterpreter;
import com.hubspot.jinjava.lib.exptest.ExpTest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BiPredicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The tests Ansible adds to Jinja: a task result's {@code success}/{@code succeeded}, {@code
 * failed}, {@code changed}, {@code skipped}; {@code version} (and {@code version_compare}) with
 * Python's loose ordering, or its strict one with {@code strict=True}; {@code match}, {@code
 * search} and {@code regex}.
 */
final class AnsibleTests {
  private static final Pattern LOOSE = Pattern.compile("\\d+|[a-zA-Z]+");

  private AnsibleTests() {}

  /** One test by name. */
  record Test(String name, BiPredicate<Object, Object[]> body) implements ExpTest {
    @Override
    public String getName() {
      return name;
    }

    @Override
    public boolean evaluate(Object var, JinjavaInterpreter interpreter, Object... args) {
      return body.test(var, args == null ? new Object[0] : args);
    }
  }

  static List<Test> all() {
    List<Test> out = new ArrayList<>();
    for (String n : List.of("success", "succeeded")) {
      out.add(new Test(n, (v, a) -> !failed(v)));
    }
    for (String n : List.of("failed", "failure")) {
      out.add(new Test(n, (v, a) -> failed(v)));
    }
    for (String n : List.of("changed", "change")) {
      out.add(new Test(n, (v, a) -> JinjaFilter.truthy(result(v, n).get("changed"))));
    }
    for (String n : List.of("skipped", "skip")) {
      out.add(new Test(n, (v, a) -> JinjaFilter.truthy(result(v, n).get("skipped"))));
    }
    for (String n : List.of("version", "version_compare")) {
      out.add(new Test(n, AnsibleTests::version));
    }
    // Jinja2's sequence: anything with a length and items (a string too)
    out.add(
        new Test(
            "sequence",
            (v, a) ->
                v instanceof CharSequence
                    || v instanceof HostText
                    || v instanceof List
                    || v instanceof Map));
    // Jinja2's in/contains ("o" is in "Hello": a substring) and Ansible's subset/superset/abs
    out.add(new Test("in", (v, a) -> contains(a[0], v)));
    out.add(new Test("contains", (v, a) -> contains(v, a[0])));
    out.add(new Test("subset", (v, a) -> subset(v, a[0])));
    out.add(new Test("superset", (v, a) -> subset(a[0], v)));
    out.add(new Test("abs", (v, a) -> String.valueOf(v).startsWith("/")));
    for (String n : List.of("match", "search", "regex")) {
      out.add(new Test(n, (v, a) -> AnsibleRegex.test(v, String.valueOf(a[0]), n, named(a))));
    }
    return out;
  }

  /** The keyword arguments of a test ({@code ignorecase=true}). */
  private static Map<String, Object> named(Object[] args) {
    Map<String, Object> out = new java.util.LinkedHashMap<>();
    for (Object a : args) {
      if (a instanceof NamedParameter n) {
        out.put(n.getName(), n.getValue());
      }
    }
    return out;
  }

  /** Python's {@code item in container}: a substring of a string, a key of a dict, an item. */
  static boolean contains(Object container, Object item) {
    if (container instanceof CharSequence s) {
      return s.toString().contains(PythonText.str(item));
    }
    if (container instanceof Map<?, ?> m) {
      return m.containsKey(item) || m.containsKey(String.valueOf(item));
    }
    if (container instanceof Iterable<?> l) {
      for (Object x : l) {
        if (PythonStrings.same(x, item)) {
          return true;
        }
      }
      return false;
    }
    throw new IllegalArgumentException(
        "argument of type '" + PythonFilters.typeName(container) + "' is not iterable");
  }

  private static boolean subset(Object small, Object big) {
    if (!(small instanceof Iterable<?> l)) {
      throw new IllegalArgumentException("subset: a list is needed");
    }
    for (Object x : l) {
      if (!contains(big, x)) {
        return false;
      }
    }
    return true;
  }

  private static Map<?, ?> result(Object v, String test) {
    if (v instanceof Map<?, ?> m) {
      return m;
    }
    throw new IllegalArgumentException(
        "The '" + test + "' test expects a dictionary, got " + PythonText.repr(v));
  }

  private static boolean failed(Object v) {
    return JinjaFilter.truthy(result(v, "failed").get("failed"));
  }

  /** {@code version(other, op='eq', strict=None)}; {@code version_type} is refused. */
  private static boolean version(Object v, Object[] given) {
    Object[] a = given.length == 1 && given[0] instanceof List<?> l ? l.toArray() : given;
    List<Object> positional = new ArrayList<>();
    Object strict = null;
    for (Object arg : a) {
      if (arg instanceof NamedParameter n) {
        if (!n.getName().equals("strict")) {
          throw new IllegalArgumentException(
              "version test: pagetune takes the version, the operator and strict ("
                  + n.getName()
                  + " is not supported)");
        }
        strict = n.getValue();
      } else {
        positional.add(arg);
      }
    }
    if (positional.isEmpty() || positional.size() > 3) {
      throw new IllegalArgumentException("version test needs a version and an operator");
    }
    if (positional.size() == 3) {
      strict = positional.get(2);
    }
    String value = v == null ? "" : PythonText.str(v);
    String other = positional.get(0) == null ? "" : PythonText.str(positional.get(0));
    if (value.isEmpty()) {
      throw new IllegalArgumentException("Input version value cannot be empty");
    }
    if (other.isEmpty()) {
      throw new IllegalArgumentException("Version parameter to compare against cannot be empty");
    }
    String op = positional.size() > 1 ? String.valueOf(positional.get(1)) : "eq";
    int c = JinjaFilter.truthy(strict) ? strict(value, other) : compare(value, other);
    return switch (op) {
      case "<", "lt" -> c < 0;
      case "<=", "le" -> c <= 0;
      case ">", "gt" -> c > 0;
      case ">=", "ge" -> c >= 0;
      case "==", "=", "eq" -> c == 0;
      case "!=", "<>", "ne" -> c != 0;
      default -> throw new IllegalArgumentException("Invalid operator type (" + op + ")");
    };
  }

  private static int strict(String a, String b) {
    try {
      return StrictVersion.parse(a).compareTo(StrictVersion.parse(b));
    } catch (IllegalArgumentException e) {
      // one message, as Ansible words it (the cause would be shown instead of it)
      throw new IllegalArgumentException("Version comparison failed: " + e.getMessage());
    }
  }

  /** Python's LooseVersion: numbers compare as numbers, letters as text, numbers before text. */
  static int compare(String a, String b) {
    List<Object> x = parts(a);
    List<Object> y = parts(b);
    for (int i = 0; i < Math.min(x.size(), y.size()); i++) {
      Object p = x.get(i);
      Object q = y.get(i);
      int c;
      if (p instanceof Long l && q instanceof Long m) {
        c = Long.compare(l, m);
      } else if (p instanceof Long) {
        c = -1;
      } else if (q instanceof Long) {
        c = 1;
      } else {
        c = ((String) p).compareTo((String) q);
      }
      if (c != 0) {
        return c;
      }
    }
    return Integer.compare(x.size(), y.size());
  }

  private static List<Object> parts(String v) {
    List<Object> out = new ArrayList<>();
    Matcher m = LOOSE.matcher(v);
    while (m.find()) {
      String p = m.group();
      out.add(Character.isDigit(p.charAt(0)) ? (Object) Long.parseLong(p) : p);
    }
    return out;
  }
}
