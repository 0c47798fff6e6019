package io.pagetune.template;

import io.pagetune.error.InputException;
import io.pagetune.error.SourceLocation;
import io.pagetune.yaml.SourceText;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Checks a template file a task names when the playbook loads: Jinja2 syntax (an Ansible role's
 * {@code .j2} copied over) and FreeMarker syntax errors, each at {@code file:line:col}.
 */
public final class TemplateFileCheck {
  private final TemplateSyntax syntax;

  public TemplateFileCheck(TemplateSyntax syntax) {
    this.syntax = syntax;
  }

  /**
   * @param label the file as messages name it, e.g. {@code templates/limits.conf.ftl}
   */
  public void check(Path file, String label) {
    String text;
    try {
      text = Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new InputException(SourceLocation.of(label), "cannot read template: " + e.getMessage());
    }
    Optional<JinjaSyntax.Use> jinja = JinjaSyntax.inText(text);
    if (jinja.isPresent()) {
      throw new InputException(
          SourceText.of(text).position(label, jinja.get().offset()), jinja.get().message(true));
    }
    Optional<TemplateSyntax.Error> error = syntax.template(text);
    if (error.isPresent()) {
      TemplateSyntax.Error e = error.get();
      throw new InputException(
          new SourceLocation(label, e.line(), e.column()), "template syntax error: " + e.reason());
    }
  }
}
