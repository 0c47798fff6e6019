package io.pagetune.template;

import freemarker.template.ObjectWrapper;
import freemarker.template.SimpleCollection;
import freemarker.template.TemplateCollectionModel;
import freemarker.template.TemplateHashModelEx;
import freemarker.template.TemplateModel;
import freemarker.template.TemplateModelException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A {@link ResolvedOnRead} variable (hostvars) as templates see it: an entry is fetched, rendered
 * and wrapped the first time a template reads it, so {@code ${hostvars['db1'].sga}} costs one host,
 * not the inventory. Only listing every value ({@code ?values}) reads them all.
 */
final class OnReadHashModel implements TemplateHashModelEx {
  private final String variable;
  private final Map<?, ?> entries;
  private final VarsModel vars;
  private final ObjectWrapper wrapper;
  private final Map<String, TemplateModel> read = new HashMap<>();

  OnReadHashModel(String variable, Map<?, ?> entries, VarsModel vars, ObjectWrapper wrapper) {
    this.variable = variable;
    this.entries = entries;
    this.vars = vars;
    this.wrapper = wrapper;
  }

  @Override
  public TemplateModel get(String key) throws TemplateModelException {
    TemplateModel cached = read.get(key);
    if (cached != null) {
      return cached;
    }
    Object value = entries.get(key);
    if (value == null) {
      return null;
    }
    TemplateModel model = vars.entry(variable, key, value);
    read.put(key, model);
    return model;
  }

  @Override
  public boolean isEmpty() {
    return entries.isEmpty();
  }

  @Override
  public int size() {
    return entries.size();
  }

  @Override
  public TemplateCollectionModel keys() {
    List<String> keys = new ArrayList<>();
    entries.keySet().forEach(k -> keys.add(String.valueOf(k)));
    return new SimpleCollection(keys, wrapper);
  }

  @Override
  public TemplateCollectionModel values() throws TemplateModelException {
    List<TemplateModel> out = new ArrayList<>();
    for (Object k : entries.keySet()) {
      out.add(get(String.valueOf(k)));
    }
    return new SimpleCollection(out, wrapper);
  }
}
