package io.pagetune.template;

import com.hubspot.jinjava.JinjavaConfig;
import com.hubspot.jinjava.interpret.Context;
import com.hubspot.jinjava.interpret.JinjavaInterpreter;

/**
 * Jinjava's interpreter printing a value into text as Ansible's Jinja2 does: Python's {@code str()}
 * ({@code True}, {@code ['a', 1]}, {@code 3.0}), and None as nothing (Ansible's {@code finalize}).
 * It remembers whether host data was printed, so text holding some is never read back as a literal.
 */
final class PythonInterpreter extends JinjavaInterpreter {
  private boolean printedHostText;

  PythonInterpreter(com.hubspot.jinjava.Jinjava jinjava, Context context, JinjavaConfig config) {
    super(jinjava, context, config);
  }

  /**
   * A name: its value (None included), Jinja2's literal None for {@code none}/{@code None}, or
   * Ansible's undefined, so that {@code is defined} and {@code default} can tell a missing name
   * from a None one.
   */
  @Override
  public Object retraceVariable(String variable, int lineNumber, int startPosition) {
    Object value = super.retraceVariable(variable, lineNumber, startPosition);
    if (value != null
        || variable == null
        || variable.equals("none")
        || variable.equals("None")
        || !variable.matches("[A-Za-z_][A-Za-z0-9_]*")
        || named(variable)) {
      return value;
    }
    return AnsibleUndefined.variable(variable);
  }

  /** Whether some scope holds the name, None-valued ones included (Jinjava's lookup skips them). */
  private boolean named(String name) {
    for (Context c = getContext(); c != null; c = c.getParent()) {
      if (c.getScope().containsKey(name) || (c instanceof JinjaContext j && j.containsKey(name))) {
        return true;
      }
    }
    return false;
  }

  @Override
  public String getAsString(Object object) {
    if (object == null) {
      return "";
    }
    AnsibleUndefined.requireNoneInside(object);
    printedHostText |= holdsHostText(object, 0);
    return PythonText.str(Unwrap.normalizeJinja(object));
  }

  private static boolean holdsHostText(Object v, int depth) {
    if (v instanceof HostText) {
      return true;
    }
    if (depth > 32) {
      return true;
    }
    if (v instanceof java.util.Map<?, ?> m) {
      return m.values().stream().anyMatch(x -> holdsHostText(x, depth + 1));
    }
    if (v instanceof Iterable<?> l) {
      for (Object x : l) {
        if (holdsHostText(x, depth + 1)) {
          return true;
        }
      }
    }
    return false;
  }

  boolean printedHostText() {
    return printedHostText;
  }
}
