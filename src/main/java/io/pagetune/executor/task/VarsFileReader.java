package io.pagetune.executor.task;

import io.pagetune.template.JinjaLoadCheck;
import io.pagetune.template.TemplateLanguage;
import io.pagetune.template.TemplateLanguages;
import io.pagetune.template.TemplateSyntax;
import io.pagetune.template.UserTextCheck;
import io.pagetune.template.YamlLanguageRule;
import io.pagetune.yaml.SourceText;
import io.pagetune.yaml.YamlReader;
import io.pagetune.yaml.YamlValue;
import java.nio.file.Path;

/**
 * Reads a vars file an {@code include_vars} names, when the task runs, as the playbook loader reads
 * a vars file: its language decided ({@link YamlLanguageRule}) and recorded for the run, and its
 * templates checked in that language. A file named by a template is only known here; a file named
 * literally was read and checked once already when the playbook loaded.
 */
final class VarsFileReader {
  private final YamlReader yaml;
  private final TemplateLanguages languages;

  VarsFileReader(YamlReader yaml, TemplateLanguages languages) {
    this.yaml = yaml;
    this.languages = languages;
  }

  /** The file's plain value: a mapping, another value, or null when empty. */
  Object read(Path file) {
    YamlValue root = yaml.read(file);
    SourceText source = SourceText.read(file);
    String label = yaml.label(file);
    TemplateLanguage language = YamlLanguageRule.decide(label, source, source.text(), root);
    languages.put(label, language);
    UserTextCheck.of(source, language, new TemplateSyntax(), JinjaLoadCheck.shared()).check(root);
    return root == null ? null : root.toPlain();
  }
}
