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
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * {@code pam_limits}: one {@code domain type item value} entry in limits.conf (or a limits.d file),
 * written as community.general.pam_limits writes it ({@link PamLimitsEdit}), with its arguments,
 * defaults, checks and messages. Where the module's Python slips, pagetune writes the sound line
 * and its result says what the module would have written instead ({@code differs_from_ansible}).
 */
public final class PamLimitsModule implements Module {
  static final String DEFAULT_DEST = "/etc/security/limits.conf";
  private static final String[] ITEMS = {
    "core",
    "data",
    "fsize",
    "memlock",
    "nofile",
    "rss",
    "stack",
    "cpu",
    "nproc",
    "as",
    "maxlogins",
    "maxsyslogins",
    "priority",
    "locks",
    "sigpending",
    "msgqueue",
    "nice",
    "rtprio",
    "chroot"
  };
  private static final Pattern DOMAIN = Pattern.compile("[^\\s#]+");

  private static final ArgSpec SPEC =
      ArgSpec.of(
              Arg.required("domain", ArgType.STRING)
                  .describe("Who the limit is for: a user, @group, * or a uid/gid range."),
              Arg.required("limit_type", ArgType.STRING)
                  .choices("hard", "soft", "-")
                  .describe("hard, soft, or - for both."),
              Arg.required("limit_item", ArgType.STRING)
                  .choices(ITEMS)
                  .describe("The resource (memlock for huge pages)."),
              Arg.required("value", ArgType.STRING)
                  .describe(
                      "The limit: unlimited, infinity, -1 or a number (-20 to 19 for nice and priority)."),
              Arg.optional("dest", ArgType.STRING, DEFAULT_DEST).describe("The limits file."),
              Arg.optional("use_max", ArgType.BOOL, false)
                  .describe("Keep an existing larger value."),
              Arg.optional("use_min", ArgType.BOOL, false)
                  .describe("Keep an existing smaller value."),
              Arg.optional("backup", ArgType.BOOL, false)
                  .describe("Keep a timestamped copy of the old file beside it."),
              Arg.optional("create", ArgType.BOOL, true)
                  .describe(
                      "Create the file when it is missing (pagetune's own: community.general.pam_limits always does)."),
              Arg.optional("comment", ArgType.STRING, "")
                  .describe("A comment at the end of the line (empty: keep the entry's own)."))
          .documented(
              "Sets one PAM limit (a line of limits.conf), as community.general.pam_limits does.",
              "- name: oracle may lock its SGA\n  pam_limits:\n    domain: oracle\n    limit_type: '-'\n    limit_item: memlock\n    value: unlimited\n    dest: /etc/security/limits.d/99-oracle.conf\n");

  @Override
  public String name() {
    return "pam_limits";
  }

  @Override
  public ArgSpec spec() {
    return SPEC;
  }

  @Override
  public void validate(Args args) {
    problem(args)
        .ifPresent(
            p -> {
              throw args.error(p[0], p[1].strip());
            });
  }

  /**
   * {argument, problem} of the first invalid argument (templated values are checked later), with
   * community.general.pam_limits's message where it has one.
   */
  private static Optional<String[]> problem(Args args) {
    String domain = args.string("domain");
    if (!domain.contains("${") && !DOMAIN.matcher(domain).matches()) {
      return Optional.of(
          new String[] {
            "domain", "must be one word without '#' or white space, got '" + domain + "'"
          });
    }
    if (args.bool("use_max") && args.bool("use_min")) {
      return Optional.of(
          new String[] {"use_max", "Cannot use use_min and use_max at the same time."});
    }
    String value = args.string("value");
    Optional<String> bad = PamLimitsEdit.problem(args.string("limit_item"), value, "");
    if (!value.contains("${") && bad.isPresent()) {
      return Optional.of(new String[] {"value", bad.get()});
    }
    String comment = args.string("comment");
    if (comment.indexOf('\n') >= 0 || comment.indexOf('\r') >= 0) {
      return Optional.of(new String[] {"comment", "must be a single line"});
    }
    if (!args.string("dest").startsWith("/") && !args.string("dest").contains("${")) {
      return Optional.of(new String[] {"dest", "must be an absolute path"});
    }
    return Optional.empty();
  }

  @Override
  public Plan plan(ModuleCall call, HostState host) {
    Args args = call.args();
    Optional<String[]> problem = problem(args);
    if (problem.isPresent()) {
      String p = problem.get()[1];
      // the module's own messages stand alone, as it gives them
      return Plan.failed(
          p.startsWith(" ") || p.startsWith("Cannot")
              ? p
              : "pam_limits: " + problem.get()[0] + " " + p);
    }
    String dest = args.string("dest");
    CurrentFile current = CurrentFile.read(host, dest);
    if (!current.exists() && current.parentMissing()) {
      return Plan.failed(
          "directory "
              + CurrentFile.parent(dest)
              + " is not writable (check presence, access rights, use sudo)");
    }
    if (!current.exists() && !args.bool("create")) {
      return Plan.failed("pam_limits: " + dest + " does not exist (create: true would create it)");
    }
    if (current.notAFile().isPresent()) {
      return Plan.failed("pam_limits: " + current.notAFile().get());
    }
    Optional<String> text = current.exists() ? current.text() : Optional.of("");
    if (text.isEmpty()) {
      return Plan.failed("pam_limits: " + dest + " is not UTF-8 text");
    }
    PamLimitsEdit edit;
    try {
      edit = PamLimitsEdit.apply(wanted(args), text.get(), dest);
    } catch (IllegalArgumentException invalidEntry) {
      return Plan.failed(invalidEntry.getMessage());
    }
    byte[] after = edit.text().getBytes(StandardCharsets.UTF_8);
    Plan plan = FileUpdate.plan(current, after, FileAttributes.KEEP, args.bool("backup"));
    Map<String, Object> data = new LinkedHashMap<>();
    data.put("msg", edit.message());
    data.put("dest", dest);
    if (!edit.differences().isEmpty()) {
      // never silent: the file (and msg) differ from what the module writes
      data.put("differs_from_ansible", String.join("; ", edit.differences()));
    }
    return plan.withData(data);
  }

  private static PamLimitsEdit.Wanted wanted(Args args) {
    return new PamLimitsEdit.Wanted(
        args.string("domain"),
        args.string("limit_type"),
        args.string("limit_item"),
        args.string("value"),
        args.bool("use_max"),
        args.bool("use_min"),
        args.string("comment"));
  }
}
