package io.pagetune.facts;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/** Facts of one host, kept until that host is changed (the executor clears it after an apply). */
public final class FactCache {
  private final Map<String, Object> values = new ConcurrentHashMap<>();

  @SuppressWarnings("unchecked")
  public <T> T computeIfAbsent(Fact<T> fact, Function<Fact<T>, T> loader) {
    Object v = values.get(fact.name());
    if (v == null) {
      v = loader.apply(fact);
      values.put(fact.name(), v);
    }
    return (T) v;
  }

  /** Keeps the gathered values; a fact that has no value on this host (null) is left out. */
  public void putAll(Map<String, Object> gathered) {
    gathered.forEach(
        (name, value) -> {
          if (value != null) {
            values.put(name, value);
          }
        });
  }

  public void clear() {
    values.clear();
  }
}
