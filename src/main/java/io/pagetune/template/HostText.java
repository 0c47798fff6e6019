package io.pagetune.template;

import java.util.AbstractList;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.RandomAccess;
import java.util.Set;

/**
 * Text that came from a managed host (command output, a fact, a registered result, a file read from
 * the host) or a value computed from one: opaque data, never a template, wherever it travels
 * (Ansible's "unsafe" marking). Templates see it as a plain string; {@link #toString()} is the
 * text, byte for byte, so anything that consumes a variable with {@code String.valueOf} sees what
 * the host said.
 */
public record HostText(String text) {
  public HostText {
    if (text == null) {
      throw new IllegalArgumentException("host text is never null");
    }
  }

  @Override
  public String toString() {
    return text;
  }

  /**
   * Marks every string inside a value (maps and lists deeply) as host data; numbers, booleans and
   * nulls stay as they are. Copies are read-only: the same result may be read by several tasks. A
   * value marked already is returned as it is (a large registered output is copied once).
   */
  public static Object mark(Object value) {
    if (value instanceof String s) {
      return new HostText(s);
    }
    if (value instanceof MarkedMap || value instanceof MarkedList) {
      return value;
    }
    if (value instanceof Map<?, ?> m) {
      Map<String, Object> out = new LinkedHashMap<>();
      m.forEach((k, v) -> out.put(String.valueOf(k), mark(v)));
      return new MarkedMap(out);
    }
    if (value instanceof List<?> l) {
      List<Object> out = new ArrayList<>(l.size());
      l.forEach(v -> out.add(mark(v)));
      return new MarkedList(out);
    }
    return value;
  }

  /** A read-only map whose strings are all marked. */
  private static final class MarkedMap extends AbstractMap<String, Object> {
    private final Map<String, Object> values;

    MarkedMap(Map<String, Object> values) {
      this.values = Collections.unmodifiableMap(values);
    }

    @Override
    public Set<Map.Entry<String, Object>> entrySet() {
      return values.entrySet();
    }

    @Override
    public Object get(Object key) {
      return values.get(key);
    }

    @Override
    public boolean containsKey(Object key) {
      return values.containsKey(key);
    }

    @Override
    public int size() {
      return values.size();
    }
  }

  /** A read-only list whose strings are all marked. */
  private static final class MarkedList extends AbstractList<Object> implements RandomAccess {
    private final List<Object> values;

    MarkedList(List<Object> values) {
      this.values = values;
    }

    @Override
    public Object get(int index) {
      return values.get(index);
    }

    @Override
    public int size() {
      return values.size();
    }
  }

  /** {@link #mark} applied to each value of a map of variables. */
  public static Map<String, Object> markAll(Map<String, ?> vars) {
    Map<String, Object> out = new LinkedHashMap<>();
    vars.forEach((k, v) -> out.put(k, mark(v)));
    return out;
  }

  /**
   * The plain Java value: every {@link HostText} inside becomes its string again, for code that
   * consumes values rather than templates (module arguments, connection settings, reports).
   */
  public static Object plain(Object value) {
    if (value instanceof ResolvedOnRead && value instanceof Map<?, ?> m) {
      // hostvars: unmarked entry by entry when read, never walked whole (O(inventory) per task)
      return new PlainOnRead(m);
    }
    // most values hold no host text: no copy for them
    return containsHostText(value) ? unwrap(value) : value;
  }

  /** {@link PlainView} of a {@link ResolvedOnRead} map, itself read entry by entry downstream. */
  private static final class PlainOnRead extends PlainView implements ResolvedOnRead {
    PlainOnRead(Map<?, ?> values) {
      super(values);
    }
  }

  /** A read-only view of a map whose entries come out {@link #plain} as they are read. */
  private static class PlainView extends AbstractMap<String, Object> {
    private final Map<?, ?> values;

    PlainView(Map<?, ?> values) {
      this.values = values;
    }

    @Override
    public Object get(Object key) {
      return plain(values.get(key));
    }

    @Override
    public boolean containsKey(Object key) {
      return values.containsKey(key);
    }

    @Override
    public int size() {
      return values.size();
    }

    /** The names alone, resolving no entry. */
    @Override
    public Set<String> keySet() {
      return new java.util.AbstractSet<>() {
        @Override
        public java.util.Iterator<String> iterator() {
          java.util.Iterator<?> keys = values.keySet().iterator();
          return new java.util.Iterator<>() {
            @Override
            public boolean hasNext() {
              return keys.hasNext();
            }

            @Override
            public String next() {
              return String.valueOf(keys.next());
            }
          };
        }

        @Override
        public boolean contains(Object key) {
          return values.containsKey(key);
        }

        @Override
        public int size() {
          return values.size();
        }
      };
    }

    @Override
    public Set<Map.Entry<String, Object>> entrySet() {
      return new java.util.AbstractSet<>() {
        @Override
        public java.util.Iterator<Map.Entry<String, Object>> iterator() {
          java.util.Iterator<?> keys = values.keySet().iterator();
          return new java.util.Iterator<>() {
            @Override
            public boolean hasNext() {
              return keys.hasNext();
            }

            @Override
            public Map.Entry<String, Object> next() {
              Object key = keys.next();
              return new SimpleImmutableEntry<>(String.valueOf(key), get(key));
            }
          };
        }

        @Override
        public int size() {
          return values.size();
        }
      };
    }
  }

  private static boolean containsHostText(Object value) {
    if (value instanceof HostText) {
      return true;
    }
    if (value instanceof ResolvedOnRead) {
      // a copy would resolve every entry; plain() hands out an unmarking view of it instead
      return true;
    }
    if (value instanceof Map<?, ?> m) {
      for (Object v : m.values()) {
        if (containsHostText(v)) {
          return true;
        }
      }
    }
    if (value instanceof List<?> l) {
      for (Object v : l) {
        if (containsHostText(v)) {
          return true;
        }
      }
    }
    return false;
  }

  private static Object unwrap(Object value) {
    if (value instanceof HostText h) {
      return h.text();
    }
    if (value instanceof ResolvedOnRead) {
      return plain(value);
    }
    if (value instanceof Map<?, ?> m) {
      Map<String, Object> out = new LinkedHashMap<>();
      m.forEach((k, v) -> out.put(String.valueOf(k), unwrap(v)));
      return out;
    }
    if (value instanceof List<?> l) {
      List<Object> out = new ArrayList<>(l.size());
      l.forEach(v -> out.add(unwrap(v)));
      return out;
    }
    return value;
  }

  /**
   * {@link #plain} of each value of a map of variables, done when a value is read: for code that
   * reads a few settings out of a task's variables (the connection, the write journal), which must
   * not pay for the values it never reads ({@code ansible_play_hosts}, {@code groups}: a whole
   * inventory). A read-only view over a shallow copy, so later changes to {@code vars} don't show.
   */
  public static Map<String, Object> plainOnRead(Map<String, ?> vars) {
    return new PlainView(new LinkedHashMap<>(vars));
  }

  /** {@link #plain} applied to each value of a map of variables. */
  public static Map<String, Object> plainAll(Map<String, ?> vars) {
    Map<String, Object> out = new LinkedHashMap<>();
    vars.forEach((k, v) -> out.put(k, plain(v)));
    return out;
  }
}
