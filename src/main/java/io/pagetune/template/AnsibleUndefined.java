package io.pagetune.template;

import com.hubspot.jinjava.util.HasObjectTruthValue;
import java.util.Iterator;

/**
 * A name or attribute that does not exist, as Ansible's StrictUndefined is: {@code is defined},
 * {@code default} and further attribute access ({@code a.b.c is defined}) take it, and every other
 * use (printing, truth, comparison, iteration, a filter or method) fails with its message. None
 * ({@code null}) is a defined value and never stands for it.
 */
final class AnsibleUndefined implements HasObjectTruthValue, Iterable<Object> {
  private final String name;
  private final String message;

  private AnsibleUndefined(String name, String message) {
    this.name = name;
    this.message = message;
  }

  /** An unknown variable. */
  static AnsibleUndefined variable(String name) {
    return new AnsibleUndefined("'" + name + "'", "'" + name + "' is undefined");
  }

  /** What Jinja2 returns where there is nothing to give ({@code [] | first}). */
  static AnsibleUndefined because(String message) {
    return new AnsibleUndefined("", message);
  }

  /** A missing key of a dict, attribute of any value, or item of a list (Jinja2's words). */
  static AnsibleUndefined attribute(Object base, Object property) {
    String type = PythonFilters.typeName(base);
    return new AnsibleUndefined(
        property instanceof Number ? String.valueOf(property) : "'" + property + "'",
        property instanceof Number
            ? type + " object has no element " + property
            : "'" + type + " object' has no attribute '" + property + "'");
  }

  /** The missing name as Python prints it ({@code 'x'}, or a number). */
  String name() {
    return name;
  }

  /** The error any use of it raises. */
  UndefinedError error() {
    return new UndefinedError(message);
  }

  /** Fails when {@code v} is undefined; else returns it. */
  static Object require(Object v) {
    if (v instanceof AnsibleUndefined u) {
      throw u.error();
    }
    return v;
  }

  /** Fails on the first undefined value in {@code v} or inside it (lists, dict values). */
  static void requireNoneInside(Object v) {
    find(v, 0);
  }

  private static void find(Object v, int depth) {
    require(v);
    if (depth > 64) {
      return;
    }
    if (v instanceof java.util.Map<?, ?> m) {
      m.values().forEach(x -> find(x, depth + 1));
    } else if (v instanceof java.util.Collection<?> c) {
      c.forEach(x -> find(x, depth + 1));
    }
  }

  @Override
  public boolean getObjectTruthValue() {
    throw error();
  }

  @Override
  public Iterator<Object> iterator() {
    throw error();
  }

  @Override
  public String toString() {
    throw error();
  }

  @Override
  public boolean equals(Object other) {
    if (other == this) {
      return true;
    }
    throw error();
  }

  @Override
  public int hashCode() {
    return System.identityHashCode(this);
  }

  /** Ansible's AnsibleUndefinedVariable: the use of something undefined. */
  static final class UndefinedError extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    UndefinedError(String message) {
      super(message);
    }
  }
}
