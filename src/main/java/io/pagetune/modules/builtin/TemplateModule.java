package io.pagetune.modules.builtin;

import io.pagetune.modules.Arg;
import io.pagetune.modules.ArgSpec;
import io.pagetune.modules.ArgType;
import io.pagetune.modules.Args;
import io.pagetune.modules.HostState;
import io.pagetune.modules.Module;
import io.pagetune.modules.ModuleCall;
import io.pagetune.modules.Plan;
import java.nio.charset.StandardCharsets;

/**
 * {@code template}: renders a FreeMarker template on the controller with the host's variables and
 * writes the result like {@code copy}. Into a directory dest the file goes under the template's
 * name without its {@code .ftl} suffix.
 */
public final class TemplateModule implements Module {
  private static final ArgSpec SPEC =
      FileArgs.wholeFile(
              Arg.required("src", ArgType.STRING)
                  .describe(
                      "Template on the control node (relative to the playbook or role's templates/), rendered with the host's variables."),
              FileArgs.DEST)
          .documented(
              "Renders a template with the host's variables and writes it as a whole file, journaled with a backup first.",
              "- name: limits for the oracle user\n  template:\n    src: oracle-limits.conf.ftl\n    dest: /etc/security/limits.d/99-oracle.conf\n    mode: \"0644\"\n");

  @Override
  public String name() {
    return "template";
  }

  @Override
  public ArgSpec spec() {
    return SPEC;
  }

  @Override
  public Plan plan(ModuleCall call, HostState host) {
    Args args = call.args();
    String src = args.string("src");
    String rendered = call.services().renderTemplate(src);
    String name = CurrentFile.basename(src);
    if (name.endsWith(".ftl") && name.length() > 4) {
      name = name.substring(0, name.length() - 4);
    }
    return ContentToFile.plan(
        name(),
        host,
        args.string("dest"),
        name,
        rendered.getBytes(StandardCharsets.UTF_8),
        FileAttributes.from(args),
        args.bool("backup"),
        args.bool("force"));
  }
}
