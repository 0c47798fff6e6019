package io.pagetune.template;

import io.pagetune.error.SourceLocation;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The language of each file a run loaded, by the file's label (as its {@link SourceLocation}s name
 * it), decided at load by {@link LanguageRule}. A file not recorded is FreeMarker, pagetune's own
 * language before Jinja ran beside it.
 */
public final class TemplateLanguages {
  private final Map<String, TemplateLanguage> byFile = new ConcurrentHashMap<>();

  /** Records the language of the file {@code label}. */
  public void put(String label, TemplateLanguage language) {
    byFile.put(label, language);
  }

  /** The language the text written at {@code at} is in. */
  public TemplateLanguage of(SourceLocation at) {
    return at == null ? TemplateLanguage.FREEMARKER : of(at.file());
  }

  /** The language of the file {@code label}. */
  public TemplateLanguage of(String label) {
    return byFile.getOrDefault(label, TemplateLanguage.FREEMARKER);
  }

  /** Every file recorded. */
  public Map<String, TemplateLanguage> all() {
    return Map.copyOf(byFile);
  }
}
