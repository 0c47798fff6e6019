package io.pagetune.template;

import com.hubspot.jinjava.interpret.Context;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Function;

/**
 * The variables one Jinja evaluation sees, each resolved when first read (as Ansible resolves
 * lazily): a variable's own template is evaluated then, in its own language, and host text comes in
 * as a plain value that Jinja never evaluates.
 */
final class JinjaContext extends Context {
  private final Map<String, Object> vars;
  private final Function<String, Object> resolve;
  private final JinjaLookups lookups;
  private final Map<String, Object> resolved = new HashMap<>();

  JinjaContext(
      Context parent,
      Map<String, Object> vars,
      Function<String, Object> resolve,
      JinjaLookups lookups) {
    super(parent);
    this.vars = vars;
    this.resolve = resolve;
    this.lookups = lookups;
  }

  JinjaLookups lookups() {
    return lookups;
  }

  @Override
  public Object get(Object key) {
    if ("vars".equals(key) && !vars.containsKey("vars") && !getScope().containsKey(key)) {
      return new AllVars();
    }
    if (getScope().containsKey(key) || !(key instanceof String k) || !vars.containsKey(k)) {
      return super.get(key);
    }
    if (!resolved.containsKey(k)) {
      resolved.put(k, resolve.apply(k));
    }
    return resolved.get(k);
  }

  /**
   * Ansible's {@code vars}: every variable of the task by name ({@code vars['x']}, {@code vars.x}),
   * each resolved when read, like the variable itself.
   */
  private final class AllVars extends java.util.AbstractMap<String, Object> {
    @Override
    public Object get(Object key) {
      return key instanceof String k && vars.containsKey(k) ? JinjaContext.this.get(k) : null;
    }

    @Override
    public boolean containsKey(Object key) {
      return key instanceof String k && vars.containsKey(k);
    }

    @Override
    public java.util.Set<Entry<String, Object>> entrySet() {
      Map<String, Object> all = new java.util.LinkedHashMap<>();
      vars.keySet().forEach(k -> all.put(k, JinjaContext.this.get(k)));
      return all.entrySet();
    }
  }

  /** A filter by name; an unknown one fails (Jinjava would give None), as in Jinja2. */
  @Override
  public com.hubspot.jinjava.lib.filter.Filter getFilter(String name) {
    com.hubspot.jinjava.lib.filter.Filter f = super.getFilter(name);
    if (f == null) {
      throw new IllegalArgumentException("Could not load \"" + name + "\": '" + name + "'");
    }
    return f;
  }

  /** A test by name; an unknown one fails, as in Jinja2. */
  @Override
  public com.hubspot.jinjava.lib.exptest.ExpTest getExpTest(String name) {
    com.hubspot.jinjava.lib.exptest.ExpTest t = super.getExpTest(name);
    if (t == null) {
      throw new IllegalArgumentException("no test named '" + name + "'");
    }
    return t;
  }

  @Override
  public boolean containsKey(Object key) {
    return "vars".equals(key)
        || getScope().containsKey(key)
        || (key instanceof String k && vars.containsKey(k))
        || super.containsKey(key);
  }
}
