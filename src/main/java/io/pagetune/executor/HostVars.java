package io.pagetune.executor;

import io.pagetune.template.HostText;
import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * {@code hostvars}: every host's inventory variables and, once that host's facts were gathered (in
 * this play or an earlier one), its facts as {@code ansible_facts} and {@code ansible_<name>}, as
 * in Ansible. A read-only view: a host's entry is built when it is read, so facts gathered after
 * the play started are seen. Facts enter marked as {@link HostText}: what one host says is data for
 * the templates of every other host too, never evaluated.
 *
 * <p>Facts are gathered for a whole batch before any of its tasks runs, so the maps read here are
 * not written concurrently.
 */
final class HostVars extends AbstractMap<String, Object> {
  private final Map<String, Object> inventoryVars;
  private final Map<String, HostRun> hostRuns;

  /**
   * @param inventoryVars every inventory host to its resolved inventory variables
   * @param hostRuns the run state of the hosts seen so far, by name (read, never changed)
   */
  HostVars(Map<String, Object> inventoryVars, Map<String, HostRun> hostRuns) {
    this.inventoryVars = inventoryVars;
    this.hostRuns = hostRuns;
  }

  @Override
  public Object get(Object key) {
    Object vars = inventoryVars.get(key);
    if (vars == null) {
      return null;
    }
    HostRun run = hostRuns.get(key);
    if (run == null || run.gatheredFacts().isEmpty() || !(vars instanceof Map<?, ?> inv)) {
      return vars;
    }
    return withFacts(inv, run.gatheredFacts());
  }

  /** The facts sit above the inventory variables, as in the task's own variable layers. */
  static Map<String, Object> withFacts(Map<?, ?> inventory, Map<String, Object> gathered) {
    Map<String, Object> out = new LinkedHashMap<>();
    inventory.forEach((k, v) -> out.put(String.valueOf(k), v));
    Object marked = HostText.mark(gathered);
    out.put("ansible_facts", marked);
    ((Map<?, ?>) marked).forEach((k, v) -> out.put("ansible_" + k, v));
    return out;
  }

  @Override
  public boolean containsKey(Object key) {
    return inventoryVars.containsKey(key);
  }

  @Override
  public int size() {
    return inventoryVars.size();
  }

  @Override
  public Set<Entry<String, Object>> entrySet() {
    return new AbstractSet<>() {
      @Override
      public Iterator<Entry<String, Object>> iterator() {
        Iterator<String> names = inventoryVars.keySet().iterator();
        return new Iterator<>() {
          @Override
          public boolean hasNext() {
            return names.hasNext();
          }

          @Override
          public Entry<String, Object> next() {
            String name = names.next();
            return new SimpleImmutableEntry<>(name, get(name));
          }
        };
      }

      @Override
      public int size() {
        return inventoryVars.size();
      }
    };
  }
}
