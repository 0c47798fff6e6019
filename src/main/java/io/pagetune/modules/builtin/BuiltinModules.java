package io.pagetune.modules.builtin;

import io.pagetune.modules.Module;
import java.util.List;

/**
 * The modules pagetune ships that belong to no page-size target, listed explicitly (no classpath
 * scanning). The targets add their own modules at the composition root.
 */
public final class BuiltinModules {
  private BuiltinModules() {}

  /**
   * @param restartKinds the restart kinds {@code request_restart} accepts (the targets' and the
   *     host-wide ones), as their targets name and scope them
   * @param verifiers each target's part of {@code page_verify}
   * @param factSets what {@code setup} gathers, as a play's fact gathering does
   */
  public static List<Module> all(
      io.pagetune.schedule.RestartCatalog restartKinds,
      List<io.pagetune.modules.pages.PageVerifier> verifiers,
      List<io.pagetune.facts.FactSet> factSets) {
    return List.of(
        new CommandModule(),
        new ShellModule(),
        new CopyModule(),
        new TemplateModule(),
        new LineInFileModule(),
        new BlockInFileModule(),
        new FileModule(),
        new SysctlModule(),
        new SetFactModule(),
        new IncludeVarsModule(),
        new DebugModule(),
        new AssertModule(),
        new FailModule(),
        new RequestRestartModule(restartKinds),
        new RestoreFileModule(),
        new StatModule(),
        new SlurpModule(),
        new SetupModule(factSets),
        new ReplaceModule(),
        new PamLimitsModule(),
        new IniFileModule(),
        ServiceModule.service(),
        ServiceModule.systemd("systemd"),
        ServiceModule.systemd("systemd_service"),
        new GroupModule(),
        new UserModule(),
        new WaitForModule(),
        new PingModule(),
        new io.pagetune.modules.pages.PageVerifyModule(verifiers));
  }
}
