package io.pagetune.template;

import com.hubspot.jinjava.el.ext.NamedParameter;
import com.hubspot.jinjava.interpret.JinjavaInterpreter;
import com.hubspot.jinjava.lib.exptest.ExpTest;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BiPredicate;

/**
 * The tests Ansible adds to Jinja: a task result's {@code success}/{@code succeeded}, {@code
 * failed}, {@code changed}, {@code skipped}; {@code version} (and {@code version_compare}) with
 * Python's loose ordering, or its strict one with {@code strict=True}; {@code match}, {@code
 * search} and {@code regex}.
 */
final class AnsibleTests {

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
    // Python's callable(): a macro, or an undefined value (Ansible's undefined defines __call__,
    // and an attribute Jinja2 finds as a method, s.upper, is one pagetune leaves undefined)
    out.add(
        new Test(
            "callable",
            (v, a) ->
                v instanceof AnsibleUndefined
                    || v instanceof com.hubspot.jinjava.lib.fn.MacroFunction));
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

  /**
   * {@code version(other, op='eq', strict=None, version_type=None)}: loose by default, strict,
   * semver (or semantic); pep440 is refused at load ({@link JinjaAllowed}).
   */
  private static boolean version(Object v, Object[] given) {
    Object[] a = given.length == 1 && given[0] instanceof List<?> l ? l.toArray() : given;
    List<Object> positional = new ArrayList<>();
    Map<String, Object> named = new java.util.HashMap<>();
    for (Object arg : a) {
      if (arg instanceof NamedParameter n) {
        if (!List.of("strict", "version_type").contains(n.getName())) {
          throw new IllegalArgumentException(
              "version test: unexpected keyword argument '" + n.getName() + "'");
        }
        named.put(n.getName(), n.getValue());
      } else {
        positional.add(arg);
      }
    }
    if (positional.isEmpty() || positional.size() > 4) {
      throw new IllegalArgumentException("version test needs a version and an operator");
    }
    Object strict = positional.size() > 2 ? positional.get(2) : named.get("strict");
    Object type = positional.size() > 3 ? positional.get(3) : named.get("version_type");
    if (strict != null && type != null) {
      throw new IllegalArgumentException("Cannot specify both 'strict' and 'version_type'");
    }
    if (!JinjaFilter.truthy(v)) {
      throw new IllegalArgumentException("Input version value cannot be empty");
    }
    if (!JinjaFilter.truthy(positional.get(0))) {
      throw new IllegalArgumentException("Version parameter to compare against cannot be empty");
    }
    String value = PythonText.str(v);
    String other = PythonText.str(positional.get(0));
    String kind = JinjaFilter.truthy(strict) ? "strict" : versionType(type);
    String op = positional.size() > 1 ? String.valueOf(positional.get(1)) : "eq";
    String operator = operator(op);
    int c = comparison(kind, value, other);
    return switch (operator) {
      case "lt" -> c < 0;
      case "le" -> c <= 0;
      case "gt" -> c > 0;
      case "ge" -> c >= 0;
      case "eq" -> c == 0;
      default -> c != 0;
    };
  }

  private static String versionType(Object type) {
    if (!JinjaFilter.truthy(type)) {
      return "loose";
    }
    String t = PythonText.str(type);
    if (List.of("loose", "strict", "semver", "semantic").contains(t)) {
      return t;
    }
    if (t.equals("pep440")) {
      throw new IllegalArgumentException(
          "version test: pagetune does not compare pep440 versions yet (loose, strict, semver)");
    }
    throw new IllegalArgumentException(
        "Invalid version type ("
            + t
            + "). Must be one of 'loose', 'strict', 'semver', 'semantic', 'pep440'");
  }

  private static String operator(String op) {
    return switch (op) {
      case "<", "lt" -> "lt";
      case "<=", "le" -> "le";
      case ">", "gt" -> "gt";
      case ">=", "ge" -> "ge";
      case "==", "=", "eq" -> "eq";
      case "!=", "<>", "ne" -> "ne";
      default ->
          throw new IllegalArgumentException(
              "Invalid operator type ("
                  + op
                  + "). Must be one of '==', '=', 'eq', '<', 'lt', '<=', 'le', '>', 'gt', '>=',"
                  + " 'ge', '!=', '<>', 'ne'");
    };
  }

  private static int comparison(String kind, String a, String b) {
    try {
      return switch (kind) {
        case "strict" -> StrictVersion.parse(a).compareTo(StrictVersion.parse(b));
        case "semver", "semantic" -> SemanticVersion.parse(a).compareTo(SemanticVersion.parse(b));
        default -> LooseVersion.parse(a).compareTo(LooseVersion.parse(b));
      };
    } catch (IllegalArgumentException e) {
      // one message, as Ansible words it (the cause would be shown instead of it)
      throw new IllegalArgumentException("Version comparison failed: " + e.getMessage());
    }
  }
}
