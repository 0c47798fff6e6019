package io.pagetune.template;

import java.util.Iterator;
import java.util.List;
import java.util.Map;
import jinjava.de.odysseus.el.tree.Bindings;
import jinjava.de.odysseus.el.tree.impl.ast.AstBinary;
import jinjava.de.odysseus.el.tree.impl.ast.AstNode;
import jinjava.javax.el.ELContext;

/**
 * Jinja2's {@code and}, {@code ==}, {@code !=}, {@code in} and {@code not in} with Python's meaning
 * where Jinjava's expression language converts types: {@code 1 == '1'} is false, {@code 'a' and 2}
 * is {@code 2} (an operand, not a boolean), {@code '1' in [1]} is false, and an undefined operand
 * fails instead of comparing unequal.
 */
final class PythonOperators {
  private PythonOperators() {}

  /** Python's {@code a == b} for the values templates hold. */
  static boolean equal(Object a, Object b) {
    Object x = plain(AnsibleUndefined.require(a));
    Object y = plain(AnsibleUndefined.require(b));
    if (x == null || y == null) {
      return x == y;
    }
    if (x instanceof Boolean p && y instanceof Boolean q) {
      return p.equals(q);
    }
    if (numeric(x) && numeric(y)) {
      return number(x) == number(y);
    }
    if (x instanceof String s && y instanceof String t) {
      return s.equals(t);
    }
    if (x instanceof List<?> l && y instanceof List<?> m) {
      if (l.size() != m.size() || (l instanceof PythonTuple) != (m instanceof PythonTuple)) {
        return false;
      }
      Iterator<?> i = m.iterator();
      for (Object e : l) {
        if (!equal(e, i.next())) {
          return false;
        }
      }
      return true;
    }
    if (x instanceof Map<?, ?> l && y instanceof Map<?, ?> m) {
      if (l.size() != m.size()) {
        return false;
      }
      for (Map.Entry<?, ?> e : l.entrySet()) {
        if (!m.containsKey(e.getKey()) || !equal(e.getValue(), m.get(e.getKey()))) {
          return false;
        }
      }
      return true;
    }
    return false;
  }

  /**
   * Python's ordering of two values: numbers by value, strings by code point, lists item by item;
   * anything else is a TypeError.
   */
  static int compare(Object a, Object b, String op) {
    Object x = plain(AnsibleUndefined.require(a));
    Object y = plain(AnsibleUndefined.require(b));
    if (numeric(x) && numeric(y)) {
      return Double.compare(number(x), number(y));
    }
    if (x instanceof String s && y instanceof String t) {
      return s.compareTo(t);
    }
    if (x instanceof List<?> l && y instanceof List<?> m) {
      for (int i = 0; i < Math.min(l.size(), m.size()); i++) {
        if (!equal(l.get(i), m.get(i))) {
          return compare(l.get(i), m.get(i), op);
        }
      }
      return Integer.compare(l.size(), m.size());
    }
    throw new IllegalArgumentException(
        "'"
            + op
            + "' not supported between instances of '"
            + PythonFilters.typeName(x)
            + "' and '"
            + PythonFilters.typeName(y)
            + "'");
  }

  /** Python's {@code item in container}. */
  static boolean in(Object item, Object container) {
    AnsibleUndefined.require(item);
    Object c = plain(AnsibleUndefined.require(container));
    if (c instanceof String s) {
      if (!(plain(item) instanceof String part)) {
        throw new IllegalArgumentException(
            "'in <string>' requires string as left operand, not " + PythonFilters.typeName(item));
      }
      return s.contains(part);
    }
    if (c instanceof Map<?, ?> m) {
      for (Object key : m.keySet()) {
        if (equal(key, item)) {
          return true;
        }
      }
      return false;
    }
    if (c instanceof Iterable<?> l) {
      for (Object x : l) {
        if (equal(x, item)) {
          return true;
        }
      }
      return false;
    }
    throw new IllegalArgumentException(
        "argument of type '" + PythonFilters.typeName(c) + "' is not iterable");
  }

  private static Object plain(Object v) {
    return v instanceof HostText || v instanceof CharSequence || v instanceof Character
        ? v.toString()
        : v;
  }

  private static boolean numeric(Object v) {
    return v instanceof Number || v instanceof Boolean;
  }

  private static double number(Object v) {
    return v instanceof Boolean b ? (b ? 1 : 0) : ((Number) v).doubleValue();
  }

  /** A binary operator given both operands' values. */
  interface Both extends AstBinary.Operator, java.util.function.BiPredicate<Object, Object> {
    Object apply(Object left, Object right);

    @Override
    default boolean test(Object left, Object right) {
      return JinjaFilter.truthy(apply(left, right));
    }

    @Override
    default Object eval(Bindings bindings, ELContext context, AstNode left, AstNode right) {
      return apply(left.eval(bindings, context), right.eval(bindings, context));
    }
  }

  static final Both ADD = PythonArithmetic::add;
  static final Both SUB = PythonArithmetic::subtract;
  static final Both MUL = PythonArithmetic::multiply;
  static final Both DIV = PythonArithmetic::divide;
  static final Both MOD = PythonArithmetic::modulo;
  static final Both FLOOR_DIV = PythonArithmetic::floorDivide;
  static final Both POWER = PythonArithmetic::power;
  static final Both CONCAT = PythonArithmetic::concat;
  static final Both LT = (a, b) -> compare(a, b, "<") < 0;
  static final Both LE = (a, b) -> compare(a, b, "<=") <= 0;
  static final Both GT = (a, b) -> compare(a, b, ">") > 0;
  static final Both GE = (a, b) -> compare(a, b, ">=") >= 0;
  static final Both EQ = (a, b) -> equal(a, b);
  static final Both NE = (a, b) -> !equal(a, b);
  static final Both IN = (a, b) -> in(a, b);
  static final Both NOT_IN = (a, b) -> !in(a, b);

  /** Python's {@code a and b}: {@code a} when it is false, else {@code b}. */
  static final AstBinary.Operator AND =
      (bindings, context, left, right) -> {
        Object a = left.eval(bindings, context);
        return JinjaFilter.truthy(a) ? right.eval(bindings, context) : a;
      };
}
