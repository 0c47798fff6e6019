package io.pagetune.cli;

import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * {@code -e VARS}, repeatable. {@code apply} takes only a plan's secrets with it and says so under
 * {@code pagetune.apply.extra-vars} in {@code OptionTexts.properties}.
 */
public final class ExtraVarsOption {
  @Option(
      names = {"-e", "--extra-vars"},
      paramLabel = "VARS",
      descriptionKey = "extra-vars",
      description = "key=value pairs, @file.yml, or an inline {mapping}; highest precedence.")
  List<String> values = new ArrayList<>();

  /**
   * The variables given, each secret among them hidden from all output from now on. Read with a
   * reader of its own: {@code -e @file} values are kept in a plan, not digested as files the run
   * read.
   */
  java.util.Map<String, Object> parse(CliEnvironment environment, io.pagetune.vault.Vault vault) {
    java.util.Map<String, Object> given =
        ExtraVars.parse(
            values,
            new io.pagetune.yaml.YamlReader(
                java.nio.file.Path.of(""), io.pagetune.yaml.ReadFiles.none(), vault));
    // a secret given with -e is never printed back, whatever task shows it
    environment.hide(ExtraVarSecrets.values(given));
    return given;
  }
}
