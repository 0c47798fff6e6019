package io.pagetune.vars;

import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Variables visible to one task on one host, layered by {@link VarSource}. Layers are merged
 * shallowly (a later source replaces a whole top-level value), as Ansible does by default.
 */
public final class VarScope {
  private final EnumMap<VarSource, Map<String, Object>> layers = new EnumMap<>(VarSource.class);

  public VarScope() {}

  private VarScope(EnumMap<VarSource, Map<String, Object>> layers) {
    layers.forEach((k, v) -> this.layers.put(k, new LinkedHashMap<>(v)));
  }

  /** Adds values to a layer; within one layer a later call wins. */
  public VarScope with(VarSource source, Map<String, ?> values) {
    VarScope copy = new VarScope(layers);
    copy.layers.computeIfAbsent(source, s -> new LinkedHashMap<>()).putAll(values);
    return copy;
  }

  /** Replaces a whole layer. */
  public VarScope replace(VarSource source, Map<String, ?> values) {
    VarScope copy = new VarScope(layers);
    copy.layers.put(source, new LinkedHashMap<>(values));
    return copy;
  }

  public Map<String, Object> layer(VarSource source) {
    return Collections.unmodifiableMap(layers.getOrDefault(source, Map.of()));
  }

  /** The merged view: for each name, the value from the highest-precedence source. */
  public Map<String, Object> resolve() {
    Map<String, Object> out = new LinkedHashMap<>();
    for (VarSource s : VarSource.values()) {
      Map<String, Object> layer = layers.get(s);
      if (layer != null) {
        out.putAll(layer);
      }
    }
    return out;
  }

  /** Which source a name currently resolves from (for {@code pagetune inventory --host}). */
  public VarSource sourceOf(String name) {
    VarSource found = null;
    for (VarSource s : VarSource.values()) {
      Map<String, Object> layer = layers.get(s);
      if (layer != null && layer.containsKey(name)) {
        found = s;
      }
    }
    return found;
  }
}
