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
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * {@code replace}: replaces every match of {@code regexp} (multiline, as Ansible compiles it) in a
 * file, or in the part of it between the {@code after} and {@code before} matches. Expressions and
 * the replacement are read with Python's syntax (see {@link PythonRegex}, {@link PythonTemplate}).
 */
public final class ReplaceModule implements Module {
  private static final ArgSpec SPEC =
      FileArgs.editing(
              Arg.required("regexp", ArgType.STRING)
                  .describe("Python regular expression; every match is replaced."),
              Arg.optional("replace", ArgType.STRING, "")
                  .describe("The replacement; may use the groups of regexp (\\\\1, \\\\g<name>)."),
              Arg.optional("after", ArgType.STRING)
                  .describe(
                      "Only text after the first match of this regular expression is edited."),
              Arg.optional("before", ArgType.STRING)
                  .describe(
                      "Only text before the first match of this regular expression is edited."))
          .documented(
              "Replaces every match of a regular expression in a file, as Ansible's replace does.",
              "- name: larger shared_buffers\n  replace:\n    path: /etc/postgresql/15/main/postgresql.conf\n    regexp: '^shared_buffers = .*$'\n    replace: 'shared_buffers = 8GB'\n");

  @Override
  public String name() {
    return "replace";
  }

  @Override
  public ArgSpec spec() {
    return SPEC;
  }

  @Override
  public void validate(Args args) {
    for (String name : new String[] {"regexp", "after", "before"}) {
      Optional<String> regex = args.optString(name);
      if (regex.isPresent() && !regex.get().contains("${")) {
        try {
          PythonRegex.compile(regex.get(), 0);
        } catch (PatternSyntaxException e) {
          throw args.error(name, "is not a valid regular expression: " + e.getDescription());
        }
      }
    }
  }

  @Override
  public Plan plan(ModuleCall call, HostState host) {
    Args args = call.args();
    String path = args.string("path");
    CurrentFile current = CurrentFile.read(host, path);
    if (!current.exists()) {
      return AnsibleFailure.missingPath(
          "replace: path " + path + " does not exist", "Path " + path + " does not exist !");
    }
    if (current.notAFile().isPresent()) {
      return Plan.failed("replace: " + current.notAFile().get());
    }
    Optional<String> text = current.text();
    if (text.isEmpty()) {
      return Plan.failed("replace: " + path + " is not UTF-8 text");
    }
    String contents = text.get();
    Pattern regexp;
    Section section;
    try {
      regexp = PythonRegex.compile(args.string("regexp"), Pattern.MULTILINE);
      section = Section.find(contents, args.optString("after"), args.optString("before"));
    } catch (PatternSyntaxException e) {
      return Plan.failed("replace: invalid regular expression: " + e.getDescription());
    }
    if (section == null) {
      return Plan.upToDate(
          "the after/before patterns do not match " + path + ", so nothing was replaced",
          Map.of("msg", "Pattern for before/after params did not match the given file"));
    }
    String part = contents.substring(section.start(), section.end());
    Matcher m = regexp.matcher(part);
    StringBuilder replaced = new StringBuilder();
    int count = 0;
    int last = 0;
    try {
      while (m.find()) {
        replaced
            .append(part, last, m.start())
            .append(PythonTemplate.expand(args.string("replace"), m));
        last = m.end();
        count++;
      }
    } catch (IllegalArgumentException e) {
      return Plan.failed("replace: replace: " + e.getMessage());
    }
    replaced.append(part.substring(last));
    String after =
        contents.substring(0, section.start()) + replaced + contents.substring(section.end());
    Plan plan =
        FileUpdate.plan(
            current,
            after.getBytes(StandardCharsets.UTF_8),
            FileAttributes.from(args),
            args.bool("backup"));
    // ansible.builtin.replace registers rc 0 and an empty msg when nothing was replaced
    String msg = after.equals(contents) ? "" : count + " replacements made";
    return plan.withData(Map.of("msg", msg, "rc", 0));
  }

  /** The part of the file the expression applies to. */
  private record Section(int start, int end) {
    /** null when after or before is given and does not match, as Ansible then changes nothing. */
    static Section find(String contents, Optional<String> after, Optional<String> before) {
      if (after.isEmpty() && before.isEmpty()) {
        return new Section(0, contents.length());
      }
      String pattern =
          after.map(a -> "(?:" + a + ")").orElse("")
              + "(?<pagetuneSubsection>.*"
              + (after.isPresent() && before.isPresent() ? "?" : "")
              + ")"
              + before.map(b -> "(?:" + b + ")").orElse("");
      Matcher m = PythonRegex.compile(pattern, Pattern.DOTALL).matcher(contents);
      if (!m.find()) {
        return null;
      }
      return new Section(m.start("pagetuneSubsection"), m.end("pagetuneSubsection"));
    }
  }
}
