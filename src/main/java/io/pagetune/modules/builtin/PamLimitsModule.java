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
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * {@code pam_limits}: one {@code domain type item value} line in limits.conf (or a limits.d file).
 * The first line for the domain, type and item is updated in place; later lines for the same three
 * are removed, because pam_limits applies the last one and a stale duplicate below would silently
 * win (Ansible rewrites each of them instead). Comment lines and other entries stay byte for byte.
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
  private static final Pattern VALUE = Pattern.compile("unlimited|infinity|-1|[0-9]+");
  private static final Pattern SIGNED = Pattern.compile("-?[0-9]+");

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
                  .describe("The limit: a number, unlimited or infinity."),
              Arg.optional("dest", ArgType.STRING, DEFAULT_DEST).describe("The limits file."),
              Arg.optional("use_max", ArgType.BOOL, false)
                  .describe("Keep an existing larger value."),
              Arg.optional("use_min", ArgType.BOOL, false)
                  .describe("Keep an existing smaller value."),
              Arg.optional("backup", ArgType.BOOL, false)
                  .describe("Keep a timestamped copy of the old file beside it."),
              Arg.optional("create", ArgType.BOOL, true)
                  .describe("Create the file when it is missing."),
              Arg.optional("comment", ArgType.STRING, "")
                  .describe("A comment at the end of the line."))
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
              throw args.error(p[0], p[1]);
            });
  }

  /** {argument, problem} of the first invalid argument (templated values are checked later). */
  private static Optional<String[]> problem(Args args) {
    String domain = args.string("domain");
    if (!domain.contains("${") && !DOMAIN.matcher(domain).matches()) {
      return Optional.of(
          new String[] {
            "domain", "must be one word without '#' or white space, got '" + domain + "'"
          });
    }
    String value = args.string("value").strip();
    String item = args.string("limit_item");
    boolean signed = item.equals("nice") || item.equals("priority");
    if (!value.contains("${")
        && !(signed ? SIGNED.matcher(value).matches() : VALUE.matcher(value).matches())) {
      return Optional.of(
          new String[] {
            "value",
            (signed ? "must be an integer" : "must be 'unlimited', 'infinity', -1 or a number")
                + " for "
                + item
                + ", got '"
                + value
                + "'"
          });
    }
    String comment = args.string("comment");
    if (comment.indexOf('\n') >= 0 || comment.indexOf('\r') >= 0) {
      return Optional.of(new String[] {"comment", "must be a single line"});
    }
    if (args.bool("use_max") && args.bool("use_min")) {
      return Optional.of(new String[] {"use_max", "and 'use_min' are mutually exclusive"});
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
      return Plan.failed("pam_limits: " + problem.get()[0] + " " + problem.get()[1]);
    }
    String dest = args.string("dest");
    CurrentFile current = CurrentFile.read(host, dest);
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
    String domain = args.string("domain");
    String type = args.string("limit_type");
    String item = args.string("limit_item");
    String wanted = args.string("value").strip();
    String comment = args.string("comment").strip();
    List<Line> lines = new ArrayList<>();
    Entry found = null;
    for (Line line : TextLines.parse(text.get())) {
      Optional<Entry> entry = Entry.parse(line.text());
      if (entry.isEmpty() || !entry.get().is(domain, type, item)) {
        lines.add(line);
        continue;
      }
      if (found != null) {
        continue; // a later duplicate would override the line we keep
      }
      found = entry.get();
      String value = combined(args, found.value(), wanted);
      String keptComment = comment.isEmpty() ? found.comment() : comment;
      Entry updated = new Entry(domain, type, item, value, keptComment);
      lines.add(updated.equals(found) ? line : line.withText(updated.format()));
    }
    Entry result;
    if (found == null) {
      result = new Entry(domain, type, item, wanted, comment);
      TextLines.append(lines, new Line(result.format(), TextLines.newline(lines)));
    } else {
      String value = combined(args, found.value(), wanted);
      result = new Entry(domain, type, item, value, comment.isEmpty() ? found.comment() : comment);
    }
    byte[] after = TextLines.join(lines).getBytes(StandardCharsets.UTF_8);
    Plan plan = FileUpdate.plan(current, after, FileAttributes.KEEP, args.bool("backup"));
    return plan.withData(Map.of("msg", result.format(), "dest", dest));
  }

  /** With use_max/use_min the larger/smaller of the two values (unlimited is the largest). */
  private static String combined(Args args, String actual, String wanted) {
    if (!args.bool("use_max") && !args.bool("use_min")) {
      return wanted;
    }
    int cmp = Long.compare(magnitude(wanted), magnitude(actual));
    if (args.bool("use_max")) {
      return cmp > 0 ? wanted : actual;
    }
    return cmp < 0 ? wanted : actual;
  }

  private static long magnitude(String value) {
    if (value.equals("unlimited") || value.equals("infinity") || value.equals("-1")) {
      return Long.MAX_VALUE;
    }
    try {
      return Long.parseLong(value);
    } catch (NumberFormatException e) {
      return Long.MIN_VALUE; // a value pam_limits would not understand loses to any real one
    }
  }

  /** One limits.conf entry; {@code comment} is the text after '#' on the same line, or "". */
  private record Entry(String domain, String type, String item, String value, String comment) {
    static Optional<Entry> parse(String text) {
      int hash = text.indexOf('#');
      String fields = hash < 0 ? text : text.substring(0, hash);
      String comment = hash < 0 ? "" : text.substring(hash + 1).strip();
      String[] f = fields.strip().split("\\s+");
      if (f.length != 4) {
        return Optional.empty();
      }
      return Optional.of(new Entry(f[0], f[1], f[2], f[3], comment));
    }

    boolean is(String d, String t, String i) {
      return domain.equals(d) && type.equals(t) && item.equals(i);
    }

    String format() {
      return domain
          + "\t"
          + type
          + "\t"
          + item
          + "\t"
          + value
          + (comment.isEmpty() ? "" : "\t#" + comment);
    }
  }
}
