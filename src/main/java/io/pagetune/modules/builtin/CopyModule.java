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
 * {@code copy}: makes {@code dest} hold inline {@code content} or a controller-side {@code src}
 * file, byte for byte. Owner and mode stay as they are unless given.
 */
public final class CopyModule implements Module {
  private static final ArgSpec SPEC =
      FileArgs.wholeFile(
              FileArgs.DEST,
              Arg.optional("content", ArgType.STRING)
                  .describe("The file's content, instead of src."),
              Arg.optional("src", ArgType.STRING)
                  .describe(
                      "File on the control node to copy (relative to the playbook or role's files/); an ansible-vault file is decrypted."))
          .documented(
              "Writes a whole file on the host from content or a control-node file, journaled with a backup first.",
              "- name: hugepages sysctl file\n  copy:\n    dest: /etc/sysctl.d/97-hugepages.conf\n    content: \"vm.nr_hugepages = 1024\\n\"\n    mode: \"0644\"\n");

  @Override
  public String name() {
    return "copy";
  }

  @Override
  public ArgSpec spec() {
    return SPEC;
  }

  @Override
  public void validate(Args args) {
    if (args.has("content") == args.has("src")) {
      throw args.error("content", "or 'src' must be given, and only one of them");
    }
  }

  @Override
  public Plan plan(ModuleCall call, HostState host) {
    Args args = call.args();
    byte[] content;
    String name = null;
    if (args.has("src")) {
      String src = args.string("src");
      content = call.services().readLocalFile(src);
      name = CurrentFile.basename(src);
    } else {
      content = args.string("content").getBytes(StandardCharsets.UTF_8);
    }
    return ContentToFile.plan(
        name(),
        host,
        args.string("dest"),
        name,
        content,
        FileAttributes.from(args),
        args.bool("backup"),
        args.bool("force"));
  }
}
