package io.pagetune.modules.builtin;

import io.pagetune.modules.Module;
import io.pagetune.modules.ModuleRegistry;
import java.util.List;

/** The modules pagetune ships, listed explicitly (no classpath scanning). */
public final class BuiltinModules {
  private BuiltinModules() {}

  public static List<Module> all() {
    return all(java.time.Clock.systemUTC());
  }

  /** With the clock that stamps audit comments of the page-size modules. */
  public static List<Module> all(java.time.Clock clock) {
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
        new DebugModule(),
        new AssertModule(),
        new FailModule(),
        new RequestRestartModule(),
        new RestoreFileModule(),
        new io.pagetune.modules.pages.SapLdrCntrlModule(clock),
        new io.pagetune.modules.pages.PageVerifyModule(),
        new io.pagetune.modules.pages.OracleHugepagesModule(),
        new io.pagetune.modules.pages.MpssStartservModule(clock));
  }

  public static ModuleRegistry registry() {
    return new ModuleRegistry(all());
  }

  public static ModuleRegistry registry(java.time.Clock clock) {
    return new ModuleRegistry(all(clock));
  }
}
