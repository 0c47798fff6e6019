package io.pagetune.cli;

import picocli.CommandLine.Command;

/** The top-level command; the work is in its subcommands ({@link Subcommands}). */
@Command(
    name = "pagetune",
    resourceBundle = "io.pagetune.cli.OptionTexts",
    mixinStandardHelpOptions = true,
    versionProvider = VersionProvider.class,
    description = {
      "Declarative large-page remediation for SAP, Oracle and web servers:",
      "Ansible-style playbooks and inventories, check mode, diffs, change windows."
    },
    footer = {
      "",
      "Examples:",
      "  pagetune run playbooks/site.yml -i inventory/lab.yml --check --diff",
      "  pagetune inventory -i inventory/lab.yml --graph",
      "  pagetune facts -i inventory/lab.yml",
      "",
      "Exit codes: 0 success, 1 internal error, 2 a host failed, 3 a host was unreachable,",
      "4 invalid input, 5 changes pending (--check --detailed-exitcode)",
      "6 environment fault (state database unreachable or corrupt, disk full, out of memory)."
    })
public final class PagetuneCommand implements Runnable {
  @picocli.CommandLine.Spec picocli.CommandLine.Model.CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().usage(spec.commandLine().getOut());
  }
}
