package io.pagetune.template;

import freemarker.template.AdapterTemplateModel;
import freemarker.template.TemplateBooleanModel;
import freemarker.template.TemplateCollectionModel;
import freemarker.template.TemplateDateModel;
import freemarker.template.TemplateHashModelEx;
import freemarker.template.TemplateModel;
import freemarker.template.TemplateModelException;
import freemarker.template.TemplateModelIterator;
import freemarker.template.TemplateNumberModel;
import freemarker.template.TemplateScalarModel;
import freemarker.template.TemplateSequenceModel;
import freemarker.template.utility.DeepUnwrap;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * Turns FreeMarker values back into plain Java values, keeping numbers exact (FreeMarker's own deep
 * unwrap may turn an integral BigDecimal into a Double).
 */
final class Unwrap {
  private Unwrap() {}

  static Object plain(TemplateModel m) throws TemplateModelException {
    if (m == null) {
      return null;
    }
    if (m instanceof AdapterTemplateModel a) {
      return normalize(a.getAdaptedObject(Object.class));
    }
    if (m instanceof TemplateNumberModel n) {
      return normalize(n.getAsNumber());
    }
    if (m instanceof TemplateBooleanModel b) {
      return b.getAsBoolean();
    }
    if (m instanceof TemplateScalarModel s) {
      return s.getAsString();
    }
    if (m instanceof TemplateDateModel d) {
      return d.getAsDate();
    }
    if (m instanceof TemplateSequenceModel seq) {
      List<Object> out = new ArrayList<>(seq.size());
      for (int i = 0; i < seq.size(); i++) {
        out.add(plain(seq.get(i)));
      }
      return out;
    }
    if (m instanceof TemplateHashModelEx hash) {
      Map<String, Object> out = new LinkedHashMap<>();
      TemplateModelIterator keys = hash.keys().iterator();
      while (keys.hasNext()) {
        String k = String.valueOf(plain(keys.next()));
        out.put(k, plain(hash.get(k)));
      }
      return out;
    }
    if (m instanceof TemplateCollectionModel c) {
      List<Object> out = new ArrayList<>();
      TemplateModelIterator it = c.iterator();
      while (it.hasNext()) {
        out.add(plain(it.next()));
      }
      return out;
    }
    return normalize(DeepUnwrap.unwrap(m));
  }

  /** FreeMarker arithmetic yields BigDecimal; playbooks want Long where the value is integral. */
  static Object normalize(Object v) {
    if (v instanceof HostText h) {
      return h.text();
    }
    if (v instanceof BigDecimal bd) {
      try {
        if (bd.stripTrailingZeros().scale() <= 0) {
          return Long.valueOf(bd.longValueExact());
        }
        return Double.valueOf(bd.doubleValue());
      } catch (ArithmeticException tooBig) {
        return bd.doubleValue();
      }
    }
    if (v instanceof BigInteger bi) {
      return bi.longValue();
    }
    return plainForm(v, Unwrap::normalize, List.class);
  }

  /**
   * A Jinja result: Jinjava's own list and map types, sets and tuples copied as lists, a map entry
   * (from {@code items()}) as a key-value pair; host text stays marked as host data.
   */
  static Object normalizeJinja(Object v) {
    if (v instanceof Map.Entry<?, ?> e) {
      // Jinja2's dictsort gives (key, value) tuples
      return PythonTuple.of(normalizeJinja(e.getKey()), normalizeJinja(e.getValue()));
    }
    if (v instanceof PythonTuple t) {
      List<Object> items = new ArrayList<>(t.size());
      t.forEach(x -> items.add(normalizeJinja(x)));
      return new PythonTuple(items);
    }
    return plainForm(v, Unwrap::normalizeJinja, Collection.class);
  }

  /**
   * Whole numbers as Long, fractions as Double, maps and the collections of type {@code copied} as
   * fresh Java maps and lists whose members go through {@code member}.
   */
  private static Object plainForm(Object v, UnaryOperator<Object> member, Class<?> copied) {
    if (v instanceof Integer || v instanceof Short || v instanceof Byte) {
      return ((Number) v).longValue();
    }
    if (v instanceof Float f) {
      return f.doubleValue();
    }
    if (v instanceof Map<?, ?> m) {
      Map<String, Object> out = new LinkedHashMap<>();
      m.forEach((k, x) -> out.put(String.valueOf(k), member.apply(x)));
      return out;
    }
    if (copied.isInstance(v)) {
      Collection<?> c = (Collection<?>) v;
      List<Object> out = new ArrayList<>(c.size());
      c.forEach(x -> out.add(member.apply(x)));
      return out;
    }
    return v;
  }
}
