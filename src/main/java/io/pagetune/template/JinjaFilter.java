package io.pagetune.template;

import com.hubspot.jinjava.interpret.JinjavaInterpreter;
import com.hubspot.jinjava.lib.filter.Filter;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/** One filter of Ansible's Jinja, with its positional and keyword arguments. */
record JinjaFilter(String name, JinjaFilter.Body body) implements Filter {
  /** The filter's work on the piped value. */
  interface Body {
    Object apply(Object value, List<Object> args, Map<String, Object> kwargs);
  }

  @Override
  public String getName() {
    return name;
  }

  @Override
  public Object filter(Object var, JinjavaInterpreter interpreter, String... args) {
    return body.apply(var, Arrays.asList((Object[]) args), Map.of());
  }

  @Override
  public Object filter(
      Object var, JinjavaInterpreter interpreter, Object[] args, Map<String, Object> kwargs) {
    return body.apply(var, Arrays.asList(args), kwargs);
  }

  /** Positional argument {@code i}, else keyword {@code key}, else {@code fallback}. */
  static Object arg(
      List<Object> args, Map<String, Object> kwargs, int i, String key, Object fallback) {
    if (i < args.size()) {
      return args.get(i);
    }
    return kwargs.getOrDefault(key, fallback);
  }

  /** Python truthiness: empty, zero, None and False are false. */
  static boolean truthy(Object v) {
    if (v == null) {
      return false;
    }
    AnsibleUndefined.require(v);
    if (v instanceof HostText h) {
      return !h.text().isEmpty();
    }
    if (v instanceof Boolean b) {
      return b;
    }
    if (v instanceof Number n) {
      return n.doubleValue() != 0;
    }
    if (v instanceof CharSequence s) {
      return s.length() > 0;
    }
    if (v instanceof java.util.Collection<?> c) {
      return !c.isEmpty();
    }
    if (v instanceof Map<?, ?> m) {
      return !m.isEmpty();
    }
    return true;
  }
}
