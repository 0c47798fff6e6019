package io.pagetune.executor.host;

import io.pagetune.template.HostText;
import io.pagetune.template.ResolvedOnRead;
import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * {@code hostvars}: every host's inventory variables and, once that host's facts were gathered (in
 * this play or an earlier one), its facts as {@code ansible_facts} and {@code ansible_<name>}, as
 * in Ansible. A read-only view: a host's entry is built when it is read, so facts gathered after
 * the play started are seen. Facts enter marked as {@link HostText}: what one host says is data for
 * the templates of every other host too, never evaluated.
 *
 * <p>Every task on every host holds this map, so nothing here may cost in proportion to the
 * inventory: a host's inventory variables are resolved the first time a template reads them (and
 * kept), never for the hosts nobody reads. It is {@link ResolvedOnRead}, so the template engine and
 * {@link HostText#plain} read single entries instead of walking it.
 *
 * <p>Facts are gathered for a whole batch before any of its tasks runs, so the maps read here are
 * not written concurrently.
 */
public final class HostVars extends AbstractMap<String, Object> implements ResolvedOnRead {
  private final Set<String> names;
  private final Function<String, Map<String, Object>> resolver;
  private final Map<String, HostRun> hostRuns;
  private final Map<String, Map<String, Object>> resolved = new ConcurrentHashMap<>();

  /**
   * @param names every inventory host, in inventory order
   * @param resolver a host's resolved inventory variables, asked at most once per host
   * @param hostRuns the run state of the hosts seen so far, by name (read, never changed)
   */
  public HostVars(
      Set<String> names,
      Function<String, Map<String, Object>> resolver,
      Map<String, HostRun> hostRuns) {
    this.names = names;
    this.resolver = resolver;
    this.hostRuns = hostRuns;
  }

  @Override
  public Object get(Object key) {
    if (!(key instanceof String name) || !names.contains(name)) {
      return null;
    }
    Map<String, Object> vars = resolved.computeIfAbsent(name, resolver);
    HostRun run = hostRuns.get(key);
    if (run == null || run.gatheredFacts().isEmpty()) {
      return vars;
    }
    return withFacts(vars, run.gatheredFacts());
  }

  /** The facts sit above the inventory variables, as in the task's own variable layers. */
  public static Map<String, Object> withFacts(Map<?, ?> inventory, Map<String, Object> gathered) {
    Map<String, Object> out = new LinkedHashMap<>();
    inventory.forEach((k, v) -> out.put(String.valueOf(k), v));
    Object marked = HostText.mark(gathered);
    out.put("ansible_facts", marked);
    ((Map<?, ?>) marked).forEach((k, v) -> out.put("ansible_" + k, v));
    return out;
  }

  @Override
  public boolean containsKey(Object key) {
    return names.contains(key);
  }

  @Override
  public int size() {
    return names.size();
  }

  /** The host names alone, resolving nobody (AbstractMap would go through the entries). */
  @Override
  public Set<String> keySet() {
    return names;
  }

  @Override
  public Set<Entry<String, Object>> entrySet() {
    return new AbstractSet<>() {
      @Override
      public Iterator<Entry<String, Object>> iterator() {
        Iterator<String> each = names.iterator();
        return new Iterator<>() {
          @Override
          public boolean hasNext() {
            return each.hasNext();
          }

          @Override
          public Entry<String, Object> next() {
            String name = each.next();
            return new SimpleImmutableEntry<>(name, get(name));
          }
        };
      }

      @Override
      public int size() {
        return names.size();
      }
    };
  }
}
