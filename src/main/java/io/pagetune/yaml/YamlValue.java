package io.pagetune.yaml;

import io.pagetune.error.SourceLocation;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A parsed YAML value that remembers where it was written, so semantic errors (unknown module,
 * wrong type) can name {@code file:line:col}. {@link #toPlain()} turns it into plain Java values
 * (Map, List, String, Long, Double, Boolean, null) for variables and module arguments.
 */
public sealed interface YamlValue permits YamlValue.Scalar, YamlValue.Seq, YamlValue.Mapping {

  SourceLocation location();

  Object toPlain();

  /** A scalar already resolved to String, Long, Double, Boolean or null. */
  record Scalar(Object value, boolean quoted, SourceLocation location) implements YamlValue {
    @Override
    public Object toPlain() {
      return value;
    }

    public String asText() {
      return value == null ? "" : String.valueOf(value);
    }
  }

  record Seq(List<YamlValue> items, SourceLocation location) implements YamlValue {
    public Seq {
      items = List.copyOf(items);
    }

    @Override
    public Object toPlain() {
      List<Object> out = new ArrayList<>(items.size());
      for (YamlValue v : items) {
        out.add(v.toPlain());
      }
      return out;
    }
  }

  /** Keys are strings in playbooks and inventories; insertion order is kept. */
  record Mapping(Map<String, Entry> entries, SourceLocation location) implements YamlValue {
    public Mapping {
      entries = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(entries));
    }

    public YamlValue get(String key) {
      Entry e = entries.get(key);
      return e == null ? null : e.value();
    }

    public boolean has(String key) {
      return entries.containsKey(key);
    }

    public SourceLocation keyLocation(String key) {
      Entry e = entries.get(key);
      return e == null ? location : e.keyLocation();
    }

    @Override
    public Object toPlain() {
      Map<String, Object> out = new LinkedHashMap<>();
      entries.forEach((k, e) -> out.put(k, e.value().toPlain()));
      return out;
    }
  }

  record Entry(SourceLocation keyLocation, YamlValue value) {}
}
