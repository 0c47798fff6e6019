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
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.PatternSyntaxException;

/**
 * {@code blockinfile}: keeps a block of lines between two marker lines in a file. The default
 * marker is ansible.builtin.blockinfile's, so a role moved from Ansible finds and replaces the
 * blocks it wrote instead of adding a second one.
 */
public final class BlockInFileModule implements Module {
  static final String DEFAULT_MARKER = "# {mark} ANSIBLE MANAGED BLOCK";

  private static final ArgSpec SPEC =
      FileArgs.editing(
              Arg.optional("block", ArgType.STRING, "")
                  .aliases("content")
                  .describe("The text between the markers; empty removes the block."),
              Arg.optional("marker", ArgType.STRING, DEFAULT_MARKER)
                  .describe("The marker line template; {mark} becomes marker_begin or marker_end."),
              Arg.optional("marker_begin", ArgType.STRING, "BEGIN")
                  .describe("What {mark} becomes in the first marker line."),
              Arg.optional("marker_end", ArgType.STRING, "END")
                  .describe("What {mark} becomes in the last marker line."),
              Arg.optional("state", ArgType.STRING, "present")
                  .choices("present", "absent")
                  .describe("present: the block is there; absent: it is removed with its markers."),
              Arg.optional("insertafter", ArgType.STRING)
                  .describe(
                      "Where a new block goes: after the last line matching this regular expression, or EOF."),
              Arg.optional("insertbefore", ArgType.STRING)
                  .describe(
                      "Where a new block goes: before the last line matching this regular expression, or BOF."),
              Arg.optional("create", ArgType.BOOL, false)
                  .describe("Create the file when it is missing."))
          .documented(
              "Ensures a block of lines between marker lines is in a file (or removed), as Ansible's blockinfile does.",
              "- name: huge pages block\n  blockinfile:\n    path: /etc/sysctl.conf\n    block: |\n      vm.nr_hugepages = 1024\n      vm.hugetlb_shm_group = 54321\n");

  @Override
  public String name() {
    return "blockinfile";
  }

  @Override
  public ArgSpec spec() {
    return SPEC;
  }

  @Override
  public void validate(Args args) {
    if (args.has("insertafter") && args.has("insertbefore")) {
      throw args.error("insertafter", "and 'insertbefore' are mutually exclusive");
    }
    Optional<String> problem = markerProblem(args);
    if (problem.isPresent()) {
      throw args.error("marker", problem.get());
    }
  }

  private static Optional<String> markerProblem(Args args) {
    String marker = args.string("marker");
    if (!marker.contains("{mark}")) {
      return Optional.of("must contain {mark}, or begin and end markers would be the same line");
    }
    for (String name : List.of("marker", "marker_begin", "marker_end")) {
      String v = args.string(name);
      if (v.indexOf('\n') >= 0 || v.indexOf('\r') >= 0) {
        return Optional.of("'" + name + "' must be a single line");
      }
    }
    if (args.string("marker_begin").equals(args.string("marker_end"))) {
      return Optional.of("marker_begin and marker_end must differ");
    }
    return Optional.empty();
  }

  @Override
  public Plan plan(ModuleCall call, HostState host) {
    Args args = call.args();
    Optional<String> markerProblem = markerProblem(args);
    if (markerProblem.isPresent()) {
      return Plan.failed("blockinfile: marker " + markerProblem.get());
    }
    String path = args.string("path");
    boolean present = args.string("state").equals("present");
    String marker = args.string("marker");
    BlockEdit edit =
        new BlockEdit(
            marker.replace("{mark}", args.string("marker_begin")),
            marker.replace("{mark}", args.string("marker_end")),
            present ? BlockEdit.blockLines(args.string("block")) : List.of(),
            args.optString("insertafter").orElse(null),
            args.optString("insertbefore").orElse(null));
    CurrentFile current = CurrentFile.read(host, path);
    if (!current.exists()) {
      // ansible.builtin.blockinfile fails on a missing file without create, even to remove
      if (!args.bool("create")) {
        return AnsibleFailure.missingPath(
            "blockinfile: " + path + " does not exist (create: true would create it)",
            "Path " + path + " does not exist !");
      }
      if (!present) {
        return Plan.upToDate(path + " does not exist, so no block to remove", Map.of("msg", ""));
      }
    }
    Optional<String> notAFile = current.notAFile();
    if (notAFile.isPresent()) {
      return Plan.failed("blockinfile: " + notAFile.get());
    }
    Optional<String> text = current.exists() ? current.text() : Optional.of("");
    if (text.isEmpty()) {
      return Plan.failed("blockinfile: " + path + " is not UTF-8 text");
    }
    BlockEdit.Result result;
    try {
      result = edit.apply(TextLines.parse(text.get()));
    } catch (PatternSyntaxException e) {
      return Plan.failed("blockinfile: invalid insertafter/insertbefore: " + e.getDescription());
    }
    byte[] after = TextLines.join(result.lines()).getBytes(StandardCharsets.UTF_8);
    Plan plan = FileUpdate.plan(current, after, FileAttributes.from(args), args.bool("backup"));
    // ansible.builtin.blockinfile creates the file even for an empty block, and says so
    return plan.withData(Map.of("msg", current.exists() ? result.message() : "File created"));
  }
}
