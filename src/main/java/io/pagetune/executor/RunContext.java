package io.pagetune.executor;

import io.pagetune.connection.Connections;
import io.pagetune.facts.FactSet;
import io.pagetune.modules.ModuleRegistry;
import io.pagetune.report.RunListener;
import io.pagetune.schedule.RestartCatalog;
import io.pagetune.template.TemplateEngine;
import io.pagetune.yaml.YamlReader;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;

/**
 * What every part of a run shares; built once by the run's {@code Engine}.
 *
 * @param playbookDir the directory of the playbook the run was given ({@code playbook_dir})
 */
public record RunContext(
    ModuleRegistry modules,
    Connections connections,
    TemplateEngine templates,
    YamlReader yaml,
    RunListener listener,
    List<FactSet> factSets,
    RunOptions options,
    Clock clock,
    InputErrors inputErrors,
    RunServices services,
    RestartCatalog restartKinds,
    String runId,
    Path playbookDir) {

  public RunContext {
    factSets = List.copyOf(factSets);
  }

  /** The same run, its events going to {@code other} (one host's walk of a host-pinned play). */
  public RunContext withListener(RunListener other) {
    return new RunContext(
        modules,
        connections,
        templates,
        yaml,
        other,
        factSets,
        options,
        clock,
        inputErrors,
        services,
        restartKinds,
        runId,
        playbookDir);
  }
}
