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
}
