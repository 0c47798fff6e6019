package io.pagetune.modules;

import io.pagetune.error.InputException;
import io.pagetune.error.SourceLocation;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** A module's arguments after validation and interpolation, with typed accessors. */
public final class Args {
  private final String module;
  private final Map<String, Object> values;
  private final SourceLocation location;

  Args(String module, Map<String, Object> values, SourceLocation location) {
    this.module = module;
    this.values = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(values));
    this.location = location;
  }

  /** For tests and for modules that build arguments of other modules. */
  public static Args of(String module, Map<String, Object> values) {
    return new Args(module, values, SourceLocation.UNKNOWN);
  }

  public SourceLocation location() {
    return location;
  }

  public Map<String, Object> asMap() {
    return values;
  }

  public boolean has(String name) {
    return values.get(name) != null;
  }

  public Object raw(String name) {
    return values.get(name);
  }

  public String string(String name) {
    Object v = values.get(name);
    if (v == null) {
      throw error(name, "is required");
    }
    return String.valueOf(v);
  }

  public Optional<String> optString(String name) {
    Object v = values.get(name);
    return v == null ? Optional.empty() : Optional.of(String.valueOf(v));
  }

  public boolean bool(String name) {
    Object v = values.get(name);
    return v != null && ArgCoercion.toBool(v, () -> error(name, "must be a boolean"));
  }

  public long integer(String name) {
    Object v = values.get(name);
    if (v == null) {
      throw error(name, "is required");
    }
    return ArgCoercion.toLong(v, () -> error(name, "must be an integer"));
  }

  public Optional<Integer> mode(String name) {
    Object v = values.get(name);
    return v == null
        ? Optional.empty()
        : Optional.of(
            ArgCoercion.toMode(v, () -> error(name, "must be an octal mode like '0644'")));
  }

  public List<String> strings(String name) {
    Object v = values.get(name);
    if (v == null) {
      return List.of();
    }
    if (v instanceof List<?> list) {
      List<String> out = new ArrayList<>();
      list.forEach(o -> out.add(String.valueOf(o)));
      return out;
    }
    return List.of(String.valueOf(v));
  }

  @SuppressWarnings("unchecked")
  public Map<String, Object> map(String name) {
    Object v = values.get(name);
    if (v == null) {
      return Map.of();
    }
    if (v instanceof Map<?, ?> m) {
      return (Map<String, Object>) m;
    }
    throw error(name, "must be a mapping");
  }

  public InputException error(String name, String problem) {
    return new InputException(location, module + ": argument '" + name + "' " + problem);
  }
}
