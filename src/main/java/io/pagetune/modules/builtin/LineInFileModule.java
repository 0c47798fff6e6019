package io.pagetune.modules.builtin;

import io.pagetune.modules.Arg;
import io.pagetune.modules.ArgSpec;
import io.pagetune.modules.ArgType;
import io.pagetune.modules.Args;
import io.pagetune.modules.HostState;
import io.pagetune.modules.Module;
import io.pagetune.modules.ModuleCall;
import io.pagetune.modules.Plan;
import io.pagetune.modules.builtin.TextLines.Line;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * {@code lineinfile}: makes sure one line is in a file (replacing the line its regexp matches) or
 * that no matching line is. Lines that are not edited are written back byte for byte.
 */
public final class LineInFileModule implements Module {
  private static final ArgSpec SPEC =
      ArgSpec.of(
              Arg.required("path", ArgType.STRING)
                  .aliases("dest", "destfile", "name")
                  .describe("The file to edit."),
              Arg.optional("regexp", ArgType.STRING)
                  .aliases("regex")
                  .describe(
                      "Python regular expression of the line to replace (or, with state=absent, to remove)."),
              Arg.optional("line", ArgType.STRING)
                  .aliases("value")
                  .describe("The line that should be in the file."),
              Arg.optional("state", ArgType.STRING, "present")
                  .choices("present", "absent")
                  .describe(
                      "present: the line is there; absent: lines matching regexp (or equal to line) are removed."),
              Arg.optional("insertafter", ArgType.STRING)
                  .describe(
                      "Where a new line goes: after the last line matching this regular expression, or EOF."),
              Arg.optional("insertbefore", ArgType.STRING)
                  .describe(
                      "Where a new line goes: before the last line matching this regular expression, or BOF."),
              Arg.optional("create", ArgType.BOOL, false)
                  .describe("Create the file when it is missing."),
              Arg.optional("backup", ArgType.BOOL, false)
                  .describe("Keep a timestamped copy of the old file beside it."),
              Arg.optional("backrefs", ArgType.BOOL, false)
                  .describe(
                      "With regexp: line may use its groups (\\\\1); nothing is added when regexp matches no line."),
              Arg.optional("firstmatch", ArgType.BOOL, false)
                  .describe(
                      "insertafter/insertbefore use the first matching line instead of the last."),
              FileAttributes.MODE,
              FileAttributes.OWNER,
              FileAttributes.GROUP)
          .documented(
              "Ensures one line is in a file (or removed from it), as Ansible's lineinfile does.",
              "- name: memlock for oracle\n  lineinfile:\n    path: /etc/security/limits.conf\n    regexp: '^oracle\\s+soft\\s+memlock'\n    line: 'oracle soft memlock unlimited'\n");

  @Override
  public String name() {
    return "lineinfile";
  }

  @Override
  public ArgSpec spec() {
    return SPEC;
  }

  @Override
  public void validate(Args args) {
    boolean present = args.string("state").equals("present");
    if (present && !args.has("line")) {
      throw args.error("line", "is required with state=present");
    }
    if (!present && !args.has("line") && !args.has("regexp")) {
      throw args.error("regexp", "or 'line' is required with state=absent");
    }
    if (args.bool("backrefs") && !args.has("regexp")) {
      throw args.error("backrefs", "needs 'regexp'");
    }
    if (args.has("insertafter") && args.has("insertbefore")) {
      throw args.error("insertafter", "and 'insertbefore' are mutually exclusive");
    }
    Optional<String> p = lineProblem(args);
    if (p.isPresent()) {
      throw args.error("line", p.get());
    }
  }

  /** A line with a line break would write two lines and could forge lines the play never meant. */
  private static Optional<String> lineProblem(Args args) {
    Optional<String> line = args.optString("line");
    if (line.isPresent() && (line.get().indexOf('\n') >= 0 || line.get().indexOf('\r') >= 0)) {
      return Optional.of("must be a single line (it contains a newline or carriage return)");
    }
    return Optional.empty();
  }

  @Override
  public Plan plan(ModuleCall call, HostState host) {
    Args args = call.args();
    Optional<String> problem = lineProblem(args);
    if (problem.isPresent()) {
      return Plan.failed("lineinfile: line " + problem.get());
    }
    String path = args.string("path");
    boolean present = args.string("state").equals("present");
    LineEdit edit;
    try {
      edit =
          new LineEdit(
              args.optString("regexp").map(Pattern::compile).orElse(null),
              args.optString("line").orElse(null),
              args.optString("insertafter").orElse(null),
              args.optString("insertbefore").orElse(null),
              args.bool("backrefs"),
              args.bool("firstmatch"));
    } catch (PatternSyntaxException e) {
      return Plan.failed("lineinfile: invalid regexp: " + e.getDescription());
    }
    CurrentFile current = CurrentFile.read(host, path);
    if (!current.exists()) {
      if (!present) {
        return Plan.upToDate(
            path + " does not exist, so no line to remove", Map.of("msg", "file not present"));
      }
      if (!args.bool("create")) {
        return AnsibleFailure.missingPath(
            "lineinfile: " + path + " does not exist (create: true would create it)",
            "Destination " + path + " does not exist !");
      }
    }
    Optional<String> notAFile = current.notAFile();
    if (notAFile.isPresent()) {
      return Plan.failed("lineinfile: " + notAFile.get());
    }
    Optional<String> text = current.exists() ? current.text() : Optional.of("");
    if (text.isEmpty()) {
      return Plan.failed("lineinfile: " + path + " is not UTF-8 text");
    }
    LineEdit.Result result;
    try {
      List<Line> lines = TextLines.parse(text.get());
      result = present ? edit.present(lines) : edit.absent(lines);
    } catch (PatternSyntaxException e) {
      return Plan.failed("lineinfile: invalid insertafter/insertbefore: " + e.getDescription());
    } catch (IllegalArgumentException e) {
      return Plan.failed("lineinfile: " + e.getMessage());
    }
    byte[] after = TextLines.join(result.lines()).getBytes(StandardCharsets.UTF_8);
    Plan plan = FileUpdate.plan(current, after, FileAttributes.from(args), args.bool("backup"));
    // ansible.builtin.lineinfile registers an empty msg when nothing changed
    return plan.withData(Map.of("msg", result.message()));
  }
}
