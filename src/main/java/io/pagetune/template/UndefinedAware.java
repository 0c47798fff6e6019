package io.pagetune.template;

import com.hubspot.jinjava.el.ext.NamedParameter;
import com.hubspot.jinjava.interpret.JinjavaInterpreter;
import com.hubspot.jinjava.lib.exptest.ExpTest;
import com.hubspot.jinjava.lib.filter.Filter;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Every filter and test of the Jinja environment, made to treat an {@link AnsibleUndefined} as
 * ansible-core does: {@code default}/{@code d}/{@code mandatory} and the tests {@code defined} and
 * {@code undefined} take it; the type tests ({@code is string}, {@code is none}, …) answer false
 * for it, as Jinja2's do; anything else given it, as value or argument, fails with its message.
 */
final class UndefinedAware {
  /** Jinja2 tests that answer false for an undefined value instead of failing. */
  private static final Set<String> FALSE_FOR_UNDEFINED =
      Set.of(
          "none",
          "string",
          "number",
          "mapping",
          "sequence",
          "boolean",
          "sameas",
          "integer",
          "float",
          "true",
          "false");

  private UndefinedAware() {}

  /** The filter, failing on an undefined value or argument. */
  static Filter filter(Filter f) {
    return new GuardedFilter(f);
  }

  /** The test, with Jinja2's answers for an undefined value. */
  static ExpTest test(ExpTest t) {
    return switch (t.getName()) {
      case "defined" -> named("defined", v -> !(v instanceof AnsibleUndefined));
      case "undefined" -> named("undefined", v -> v instanceof AnsibleUndefined);
      // Ansible's undefined can be called (the call fails): Jinja2's callable() says true
      case "callable" -> t;
      default -> new GuardedTest(t);
    };
  }

  /**
   * Ansible's {@code default(value, default_value='', boolean=False)}: the fallback for an
   * undefined value, or with {@code boolean} for any false one (None included); None itself is
   * defined.
   */
  static Filter defaultFilter(String name) {
    return new JinjaFilter(
        name,
        (v, a, k) -> {
          Object fallback = JinjaFilter.arg(a, k, 0, "default_value", "");
          boolean falsy = JinjaFilter.truthy(JinjaFilter.arg(a, k, 1, "boolean", false));
          if (v instanceof AnsibleUndefined || (falsy && !JinjaFilter.truthy(v))) {
            return fallback;
          }
          return v;
        });
  }

  private static ExpTest named(String name, java.util.function.Predicate<Object> body) {
    return new ExpTest() {
      @Override
      public String getName() {
        return name;
      }

      @Override
      public boolean evaluate(Object var, JinjavaInterpreter interpreter, Object... args) {
        return body.test(var);
      }
    };
  }

  private static void requireDefined(Object[] args) {
    if (args == null) {
      return;
    }
    for (Object a : args) {
      AnsibleUndefined.require(a instanceof NamedParameter n ? n.getValue() : a);
    }
  }

  private record GuardedFilter(Filter inner) implements Filter {
    @Override
    public String getName() {
      return inner.getName();
    }

    @Override
    public Object filter(Object var, JinjavaInterpreter interpreter, String... args) {
      AnsibleUndefined.require(var);
      return inner.filter(var, interpreter, args);
    }

    @Override
    public Object filter(
        Object var, JinjavaInterpreter interpreter, Object[] args, Map<String, Object> kwargs) {
      AnsibleUndefined.require(var);
      requireDefined(args);
      requireDefined(kwargs.values().toArray());
      return inner.filter(var, interpreter, args, kwargs);
    }
  }

  private record GuardedTest(ExpTest inner) implements ExpTest {
    @Override
    public String getName() {
      return inner.getName();
    }

    @Override
    public boolean evaluate(Object var, JinjavaInterpreter interpreter, Object... args) {
      if (var instanceof AnsibleUndefined && FALSE_FOR_UNDEFINED.contains(inner.getName())) {
        return false;
      }
      AnsibleUndefined.require(var);
      Object[] given = spread(args);
      requireDefined(given);
      return inner.evaluate(var, interpreter, given);
    }
  }

  /**
   * A test's arguments one by one: Jinjava hands {@code is match('x', ignorecase=true)} over as one
   * tuple (an unmodifiable list, where a list literal is a modifiable one).
   */
  static Object[] spread(Object[] args) {
    if (args != null && args.length == 1 && args[0] instanceof PythonTuple tuple) {
      return tuple.toList().toArray();
    }
    return args;
  }

  /** The filters a Jinja environment registers, each guarded; {@code default} is Ansible's. */
  static List<Filter> guardedFilters(java.util.Collection<Filter> all) {
    return all.stream()
        .map(
            f ->
                switch (f.getName()) {
                  case "default", "d" -> defaultFilter(f.getName());
                  case "mandatory" -> f;
                  default -> filter(f);
                })
        .toList();
  }

  /** The tests a Jinja environment registers, each given Jinja2's handling of undefined. */
  static List<ExpTest> guardedTests(java.util.Collection<ExpTest> all) {
    return Arrays.asList(all.stream().map(UndefinedAware::test).toArray(ExpTest[]::new));
  }
}
