package io.pagetune.modules.builtin;

import io.pagetune.connection.FileMeta;
import io.pagetune.modules.Arg;
import io.pagetune.modules.ArgSpec;
import io.pagetune.modules.ArgType;
import io.pagetune.modules.HostState;
import io.pagetune.modules.Module;
import io.pagetune.modules.ModuleCall;
import io.pagetune.modules.Plan;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * {@code slurp}: a host file's bytes, base64-encoded under {@code content} with {@code encoding:
 * base64} and {@code source}, as Ansible returns them (a template decodes them with {@code
 * b64decode(r.content)}, Ansible's {@code | b64decode}). Read-only, and limited to {@code
 * pagetune_max_file_bytes} like every whole-file read.
 */
public final class SlurpModule implements Module {
  private static final ArgSpec SPEC =
      ArgSpec.of(Arg.required("src", ArgType.STRING).aliases("path").describe("The file to read."))
          .documented(
              "Returns a file's content, base64-encoded, as Ansible's slurp does; read-only.",
              "- name: read the kernel command line\n  slurp:\n    src: /proc/cmdline\n  register: cmdline\n");

  @Override
  public String name() {
    return "slurp";
  }

  @Override
  public ArgSpec spec() {
    return SPEC;
  }

  @Override
  public Plan plan(ModuleCall call, HostState host) {
    String src = call.args().string("src");
    Optional<FileMeta> meta = host.stat(src);
    if (meta.isEmpty()) {
      return Plan.failed("slurp: file not found: " + src);
    }
    if (meta.get().type() == FileMeta.Type.DIRECTORY) {
      return Plan.failed("slurp: source is a directory and must be a file: " + src);
    }
    host.fileSizeLimit().check(meta.get());
    Optional<byte[]> content = host.read(src);
    if (content.isEmpty()) {
      return Plan.failed("slurp: cannot read " + src);
    }
    Map<String, Object> data = new LinkedHashMap<>();
    data.put("content", Base64.getEncoder().encodeToString(content.get()));
    data.put("encoding", "base64");
    data.put("source", src);
    return Plan.upToDate("read " + content.get().length + " bytes of " + src, data);
  }
}
