package io.pagetune.template;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/**
 * Which language a template file is written in: a {@code .j2} file is Jinja, a {@code .ftl} file
 * FreeMarker, any other is Jinja when it holds Jinja syntax ({@code {{ }}}, {@code {% %}} outside
 * FreeMarker's own {@code ${…}}, {@code <#noparse>} or comment), else FreeMarker. pagetune refused
 * Jinja syntax in FreeMarker text before Jinja ran, so no FreeMarker file holds it; in a Jinja file
 * {@code ${ORACLE_HOME}} is plain text, as in Ansible.
 */
public final class LanguageRule {
  private LanguageRule() {}

  /** The language of the template {@code label} whose text is {@code text}. */
  public static TemplateLanguage template(String label, String text) {
    String name = label.toLowerCase(Locale.ROOT);
    if (name.endsWith(".j2") || name.endsWith(".jinja2") || name.endsWith(".jinja")) {
      return TemplateLanguage.JINJA;
    }
    if (name.endsWith(".ftl")) {
      return TemplateLanguage.FREEMARKER;
    }
    return JinjaTemplates.isJinja(text) ? TemplateLanguage.JINJA : TemplateLanguage.FREEMARKER;
  }

  /** The language of a template file; FreeMarker when it cannot be read (the read fails later). */
  public static TemplateLanguage templateFile(Path file) {
    try {
      return template(
          file.getFileName().toString(), Files.readString(file, StandardCharsets.UTF_8));
    } catch (IOException e) {
      return template(file.getFileName().toString(), "");
    }
  }
}
