package io.pagetune.modules.builtin;

import io.pagetune.modules.Module;
import io.pagetune.modules.ModuleRegistry;
import java.util.List;

/** The modules pagetune ships, listed explicitly (no classpath scanning). */
public final class BuiltinModules {
  private BuiltinModules() {}

  public static List<Module> all() {
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
        new RestoreFileModule());
  }

  public static ModuleRegistry registry() {
    return new ModuleRegistry(all());
  }
}
