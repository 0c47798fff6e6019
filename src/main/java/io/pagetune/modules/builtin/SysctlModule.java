package io.pagetune.modules.builtin;

import io.pagetune.modules.Arg;
import io.pagetune.modules.ArgSpec;
import io.pagetune.modules.ArgType;
import io.pagetune.modules.Args;
import io.pagetune.modules.HostState;
import io.pagetune.modules.Module;
import io.pagetune.modules.ModuleCall;
import io.pagetune.modules.Plan;
import io.pagetune.modules.Step;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * {@code sysctl}: ansible.posix.sysctl's arguments, defaults, file format and order of operations
 * (see {@link SysctlConf} for the file): {@code sysctl_set} writes a live value that differs with
 * {@code sysctl -w} first, then the file is written, then with {@code reload} (the default) the
 * file is loaded with {@code sysctl -p FILE} whenever anything changed. pagetune adds one check: a
 * write to the kernel can succeed and still not take (the kernel allocates fewer huge pages than
 * asked when memory is fragmented), so after a {@code -w} or {@code -p} the value is read back and
 * a difference fails the task.
 */
public final class SysctlModule implements Module {
  static final String DEFAULT_FILE = "/etc/sysctl.conf";
  // ansible.module_utils.parsing.convert_bool's words, compared lower-cased and unstripped
  private static final Set<String> TRUE_WORDS = Set.of("y", "yes", "on", "1", "true", "t");
  private static final Set<String> FALSE_WORDS = Set.of("n", "no", "off", "0", "false", "f");

  private static final ArgSpec SPEC =
      ArgSpec.of(
              Arg.required("name", ArgType.STRING)
                  .aliases("key")
                  .describe("The kernel parameter (vm.nr_hugepages)."),
              Arg.optional("value", ArgType.STRING)
                  .aliases("val")
                  .describe("Its desired value; required with state=present."),
              Arg.optional("state", ArgType.STRING, "present")
                  .choices("present", "absent")
                  .describe(
                      "present: the parameter is set in sysctl_file; absent: its line is removed."),
              Arg.optional("sysctl_file", ArgType.STRING, DEFAULT_FILE)
                  .describe("The file that sets it at boot, rewritten as name=value lines."),
              Arg.optional("sysctl_set", ArgType.BOOL, false)
                  .describe("Also check the live value and set it with sysctl -w when it differs."),
              Arg.optional("reload", ArgType.BOOL, true)
                  .describe(
                      "When anything changed or the kernel holds another value, load the file (sysctl -p FILE)."),
              Arg.optional("ignoreerrors", ArgType.BOOL, false)
                  .describe("Ignore unknown keys (sysctl -e)."),
              Arg.optional("backup", ArgType.BOOL, false)
                  .describe(
                      "Keep a timestamped copy of the old file beside it (pagetune's own; ansible.posix.sysctl has none)."))
          .documented(
              "Sets a kernel parameter in a sysctl file and, as asked, live, as ansible.posix.sysctl does.",
              "- name: huge pages for the SGA\n  sysctl:\n    name: vm.nr_hugepages\n    value: \"1024\"\n    sysctl_file: /etc/sysctl.d/97-hugepages.conf\n    sysctl_set: true\n");

  @Override
  public String name() {
    return "sysctl";
  }

  @Override
  public ArgSpec spec() {
    return SPEC;
  }

  @Override
  public void validate(Args args) {
    Optional<String[]> problem = problem(args);
    if (problem.isPresent()) {
      throw args.error(problem.get()[0], problem.get()[1]);
    }
  }

  /** {argument, problem} of the first invalid argument. */
  private static Optional<String[]> problem(Args args) {
    String name = PythonText.strip(args.string("name"));
    if (!SysctlKey.isValid(name)) {
      return Optional.of(
          new String[] {
            "name", "'" + name + "' is not a sysctl name ([A-Za-z0-9_./-]+, not starting with '-')"
          });
    }
    if (!args.string("sysctl_file").startsWith("/")) {
      return Optional.of(new String[] {"sysctl_file", "must be an absolute path"});
    }
    Optional<String> value = args.optString("value");
    if (args.string("state").equals("present") && (value.isEmpty() || value.get().isBlank())) {
      return Optional.of(new String[] {"value", "is required with state=present"});
    }
    if (value.isPresent() && (value.get().indexOf('\n') >= 0 || value.get().indexOf('\r') >= 0)) {
      return Optional.of(new String[] {"value", "must be a single line"});
    }
    return Optional.empty();
  }

  @Override
  public Plan plan(ModuleCall call, HostState host) {
    Args args = call.args();
    Optional<String[]> problem = problem(args);
    if (problem.isPresent()) {
      return Plan.failed("sysctl: " + problem.get()[0] + " " + problem.get()[1]);
    }
    String name = PythonText.strip(args.string("name"));
    String file = args.string("sysctl_file");
    boolean present = args.string("state").equals("present");
    CurrentFile current = CurrentFile.read(host, file);
    if (current.notAFile().isPresent()) {
      return Plan.failed("sysctl: " + current.notAFile().get());
    }
    Optional<String> text = current.exists() ? current.text() : Optional.of("");
    if (text.isEmpty()) {
      return Plan.failed("sysctl: " + file + " is not UTF-8 text");
    }
    // ansible.posix.sysctl parses the value for state=absent too ("" when there is none)
    String value = asKernelValue(args.optString("value").orElse(""));
    SysctlConf conf = SysctlConf.parse(text.get());
    Outcome outcome = outcome(call, host, conf.value(name), present, value);
    if (outcome.failure() != null) {
      return Plan.failed(outcome.failure());
    }
    boolean ignore = args.bool("ignoreerrors");
    List<Step> steps = new ArrayList<>();
    if (outcome.setLive()) {
      steps.addAll(SysctlCommands.set(name, value, ignore));
    }
    List<io.pagetune.modules.FileDiff> diffs = List.of();
    if (outcome.writeFile()) {
      byte[] after = conf.rewritten(name, present ? value : null).getBytes(StandardCharsets.UTF_8);
      Plan filePlan = FileUpdate.plan(current, after, FileAttributes.KEEP, args.bool("backup"));
      if (filePlan.failure().isPresent()) {
        return filePlan;
      }
      steps.addAll(filePlan.steps());
      diffs = filePlan.diffs();
    }
    if (outcome.changed() && args.bool("reload")) {
      steps.addAll(SysctlCommands.reload(file, ignore));
    }
    // a value the kernel would not show before (a write-only key) cannot be read back either
    if (present && outcome.liveReadable() && steps.stream().anyMatch(s -> s instanceof Step.Exec)) {
      steps.add(LiveSysctlValue.readBack(name, value, ignore));
    }
    Map<String, Object> data = new LinkedHashMap<>();
    data.put("name", name);
    if (present) {
      data.put("value", value);
    }
    data.put("sysctl_file", file);
    if (steps.isEmpty()) {
      return Plan.upToDate(upToDateReason(args, name, value, present, file), data);
    }
    return Plan.of(steps, diffs).withData(data);
  }

  /**
   * What ansible.posix.sysctl decides; {@code failure} when pagetune refuses to follow it; {@code
   * liveReadable} false when the live value was read and could not be.
   */
  private record Outcome(
      boolean changed, boolean writeFile, boolean setLive, boolean liveReadable, String failure) {}

  /**
   * ansible.posix.sysctl's decision: the file is rewritten when the name's value in it (its last
   * assignment) differs; when it does not, {@code reload} still loads the file if the kernel holds
   * another value; {@code sysctl_set} sets a differing live value.
   */
  private static Outcome outcome(
      ModuleCall call, HostState host, Optional<String> inFile, boolean present, String value) {
    Args args = call.args();
    String name = PythonText.strip(args.string("name"));
    boolean reload = args.bool("reload");
    boolean sysctlSet = args.bool("sysctl_set") && present;
    boolean write =
        inFile.isEmpty()
            ? present
            : (!present && !inFile.get().isEmpty()) || !inFile.get().equals(value);
    boolean liveMatters = (inFile.isPresent() && !write && reload) || sysctlSet;
    LiveSysctlValue.Reading live =
        liveMatters ? host.fact(new LiveSysctlValue(name, call.environment())) : null;
    boolean liveDiffers = live != null && (!live.ok() || !live.sameWordsAs(value));
    boolean changed = write || (inFile.isPresent() && reload && liveDiffers);
    if (sysctlSet && !live.ok() && !reload) {
      // ansible.posix.sysctl reports changed here and sets nothing
      return new Outcome(
          false,
          false,
          false,
          false,
          "sysctl: cannot read the live value of "
              + name
              + " ("
              + live.error()
              + "), so sysctl_set cannot tell whether to set it; ansible.posix.sysctl would report"
              + " changed without setting it (reload: true loads "
              + args.string("sysctl_file")
              + " instead)");
    }
    return new Outcome(
        changed || (sysctlSet && liveDiffers),
        write,
        sysctlSet && liveDiffers && live.ok(),
        live == null || live.ok(),
        null);
  }

  private static String upToDateReason(
      Args args, String name, String value, boolean present, String file) {
    String reason =
        present ? name + "=" + value + " is set in " + file : name + " is not set in " + file;
    return present && (args.bool("sysctl_set") || args.bool("reload"))
        ? reason + " and live"
        : reason;
  }

  /**
   * ansible.posix.sysctl's value: a boolean word (y, yes, on, 1, true, t and their opposites, any
   * case, as written) is 1 or 0 to the kernel; any other value is stripped.
   */
  static String asKernelValue(String raw) {
    String lower = raw.toLowerCase(Locale.ROOT);
    if (TRUE_WORDS.contains(lower)) {
      return "1";
    }
    if (FALSE_WORDS.contains(lower)) {
      return "0";
    }
    return PythonText.strip(raw);
  }
}
