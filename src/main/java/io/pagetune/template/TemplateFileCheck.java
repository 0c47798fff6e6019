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
 * Checks a template file a task names when the playbook loads, in the language it is written in
 * ({@link LanguageRule}): Jinja2 syntax and constructs of a {@code .j2} file, FreeMarker syntax
 * errors (and stray Jinja2) of a FreeMarker file, each at {@code file:line:col}.
 */
public final class TemplateFileCheck {
  private final TemplateSyntax syntax;
  private final JinjaLoadCheck jinjaCheck = new JinjaLoadCheck();

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
    if (LanguageRule.template(label, text) == TemplateLanguage.JINJA) {
      // a .j2 file is checked as run renders it: Jinja syntax and the constructs shown to behave
      Optional<TemplateSyntax.Error> error = jinjaCheck.template(text);
      if (error.isPresent()) {
        TemplateSyntax.Error e = error.get();
        throw new InputException(new SourceLocation(label, e.line(), e.column()), e.reason());
      }
      return;
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
