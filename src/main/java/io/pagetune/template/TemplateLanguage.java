package io.pagetune.template;

/** The language a file's templates and bare conditions are written in. */
public enum TemplateLanguage {
  /** pagetune's own: {@code ${…}}, {@code <#if>}, conditions such as {@code x??}. */
  FREEMARKER,
  /** Ansible's: {@code {{ … }}}, {@code {% … %}}, conditions such as {@code x is defined}. */
  JINJA
}
