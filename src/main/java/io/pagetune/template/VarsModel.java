package io.pagetune.template;

import freemarker.template.ObjectWrapper;
import freemarker.template.SimpleCollection;
import freemarker.template.TemplateCollectionModel;
import freemarker.template.TemplateHashModelEx;
import freemarker.template.TemplateModel;
import freemarker.template.TemplateModelException;
import io.pagetune.error.SourceLocation;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The variables of one task as FreeMarker sees them. Values that themselves hold {@code ${…}} are
 * rendered when first read (as Ansible resolves variables lazily), so {@code nr: "${sga / page}"}
 * works and an unused broken variable costs nothing. A variable that refers to itself is an error.
 * Only text the user wrote is rendered: {@link HostText} (data from hosts) is never a template, and
 * the result of rendering a variable is kept, never rendered a second time.
 */
final class VarsModel implements TemplateHashModelEx {
  private final Map<String, Object> vars;
  private final TemplateEngine engine;
  private final ObjectWrapper wrapper;
  private final SourceLocation at;
  private final Map<String, TemplateModel> resolved = new HashMap<>();
  private final Set<String> resolving = new HashSet<>();

  VarsModel(
      Map<String, Object> vars, TemplateEngine engine, ObjectWrapper wrapper, SourceLocation at) {
    this.vars = vars;
    this.engine = engine;
    this.wrapper = wrapper;
    this.at = at;
  }

  /** The variables as the task holds them, unrendered. */
  Map<String, Object> vars() {
    return vars;
  }

  @Override
  public TemplateModel get(String key) throws TemplateModelException {
    TemplateModel cached = resolved.get(key);
    if (cached != null) {
      return cached;
    }
    if (!vars.containsKey(key)) {
      return null;
    }
    Object value = vars.get(key);
    if (value instanceof ResolvedOnRead && value instanceof Map<?, ?> many) {
      // hostvars: render and wrap only the entries a template reads, never the whole inventory
      TemplateModel onRead = new OnReadHashModel(key, many, this, wrapper);
      resolved.put(key, onRead);
      return onRead;
    }
    return remember(key, rendered(key, value));
  }

  /** One entry of a {@link ResolvedOnRead} variable, rendered like a variable of its own. */
  TemplateModel entry(String variable, Object key, Object value) throws TemplateModelException {
    return rendered(variable + "['" + key + "']", value);
  }

  private TemplateModel remember(String key, TemplateModel wrapped) {
    resolved.put(key, wrapped);
    return wrapped;
  }

  private TemplateModel rendered(String key, Object value) throws TemplateModelException {
    if (containsTemplate(value)) {
      if (!resolving.add(key)) {
        throw new TemplateModelException("variable '" + key + "' refers to itself");
      }
      try {
        value = engine.interpolateWith(value, this, at, "variable '" + key + "'");
      } finally {
        resolving.remove(key);
      }
    }
    return wrapper.wrap(value);
  }

  static boolean containsTemplate(Object v) {
    if (v instanceof ResolvedOnRead) {
      return false; // its entries are checked one by one as they are read
    }
    if (v instanceof String s) {
      return TemplateEngine.isTemplated(s) || JinjaTemplates.isJinja(s);
    }
    if (v instanceof Map<?, ?> m) {
      for (Object o : m.values()) {
        if (containsTemplate(o)) {
          return true;
        }
      }
    }
    if (v instanceof List<?> l) {
      for (Object o : l) {
        if (containsTemplate(o)) {
          return true;
        }
      }
    }
    return false;
  }

  @Override
  public boolean isEmpty() {
    return vars.isEmpty();
  }

  @Override
  public int size() {
    return vars.size();
  }

  @Override
  public TemplateCollectionModel keys() {
    return new SimpleCollection(new ArrayList<>(vars.keySet()), wrapper);
  }

  @Override
  public TemplateCollectionModel values() throws TemplateModelException {
    List<TemplateModel> out = new ArrayList<>();
    for (String k : vars.keySet()) {
      out.add(get(k));
    }
    return new SimpleCollection(out, wrapper);
  }
}
