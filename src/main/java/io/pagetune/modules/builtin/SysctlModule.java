package io.pagetune.modules.builtin;

import io.pagetune.connection.RemoteCommand;
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
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code sysctl}: persists {@code name = value} in a sysctl.d file and, with {@code reload} (the
 * default) or {@code sysctl_set}, sets the running value too. A write to the kernel can succeed and
 * still not take (the kernel allocates fewer huge pages than asked when memory is fragmented), so
 * after setting it the value is read back and a difference fails the task.
 */
public final class SysctlModule implements Module {
  static final String DEFAULT_FILE = "/etc/sysctl.d/99-pagetune.conf";
  private static final String ANSIBLE_FILE = "/etc/sysctl.conf";

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
                  .describe(
                      "The file that sets it at boot; a later file in sysctl's order that sets it too is reported, since it would win at boot."),
              Arg.optional("sysctl_set", ArgType.BOOL, false)
                  .describe("Also check the live value and set it with sysctl -w when it differs."),
              Arg.optional("reload", ArgType.BOOL, true)
                  .describe(
                      "After a file change, load the file (sysctl -p FILE) so the live value follows."),
              Arg.optional("ignoreerrors", ArgType.BOOL, false)
                  .describe("Ignore unknown keys when the file is loaded."),
              Arg.optional("backup", ArgType.BOOL, false)
                  .describe("Keep a timestamped copy of the old file beside it."))
          .documented(
              "Sets a kernel parameter in a sysctl file and, as asked, live; what the next boot applies is checked against sysctl's file order.",
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
    String name = args.string("name");
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
    String name = args.string("name");
    String file = args.string("sysctl_file");
    boolean present = args.string("state").equals("present");
    CurrentFile current = CurrentFile.read(host, file);
    if (!present && !current.exists()) {
      return Plan.upToDate(file + " does not exist, so " + name + " is not persisted");
    }
    if (current.notAFile().isPresent()) {
      return Plan.failed("sysctl: " + current.notAFile().get());
    }
    Optional<String> text = current.exists() ? current.text() : Optional.of("");
    if (text.isEmpty()) {
      return Plan.failed("sysctl: " + file + " is not UTF-8 text");
    }
    String value = present ? asKernelValue(args.string("value")) : null;
    var lines = TextLines.parse(text.get());
    var edited = present ? SysctlConf.set(lines, name, value) : SysctlConf.remove(lines, name);
    byte[] after = TextLines.join(edited).getBytes(StandardCharsets.UTF_8);
    Plan filePlan = FileUpdate.plan(current, after, FileAttributes.KEEP, args.bool("backup"));
    if (filePlan.failure().isPresent()) {
      return filePlan;
    }
    List<Step> steps = new ArrayList<>(filePlan.steps());
    Optional<String> kernelProblem = kernelSteps(call, host, value, !steps.isEmpty(), steps);
    if (kernelProblem.isPresent()) {
      return Plan.failed(kernelProblem.get());
    }
    Map<String, Object> data = new java.util.LinkedHashMap<>();
    data.put("name", name);
    if (value != null) {
      data.put("value", value);
    }
    data.put("sysctl_file", file);
    if (file.equals(DEFAULT_FILE)) {
      // never silent: Ansible's default is /etc/sysctl.conf
      data.put(
          "msg", "persisted in pagetune's default " + file + ", not Ansible's " + ANSIBLE_FILE);
    }
    if (steps.isEmpty()) {
      String reason =
          present
              ? name + " = " + value + " is persisted in " + file
              : name + " is not persisted in " + file;
      if (present && (args.bool("sysctl_set") || args.bool("reload"))) {
        reason += " and live";
      }
      return Plan.upToDate(reason, data);
    }
    return Plan.of(steps, filePlan.diffs()).withData(data);
  }

  /** yes/true/on and no/false/off are 1 and 0 to the kernel, as Ansible's sysctl writes them. */
  static String asKernelValue(String raw) {
    String v = raw.strip();
    return switch (v.toLowerCase(java.util.Locale.ROOT)) {
      case "yes", "true", "on" -> "1";
      case "no", "false", "off" -> "0";
      default -> v;
    };
  }

  /**
   * Adds what brings the kernel in line, as ansible.posix.sysctl does: with {@code reload} (the
   * default) a changed file, or a file that already holds the value while the kernel differs, is
   * loaded with {@code sysctl -p FILE}; that sets the value too, so {@code sysctl_set} writes it
   * with {@code -w} only when nothing is reloaded. {@code value} is null for state=absent.
   *
   * @return the reason the plan fails, if it does
   */
  private static Optional<String> kernelSteps(
      ModuleCall call, HostState host, String value, boolean fileChanges, List<Step> steps) {
    Args args = call.args();
    String name = args.string("name");
    boolean reload = args.bool("reload");
    boolean ignore = args.bool("ignoreerrors");
    boolean liveDiffers = false;
    if (value != null && (args.bool("sysctl_set") || reload) && !(fileChanges && reload)) {
      LiveSysctlValue.Reading live = host.fact(new LiveSysctlValue(name, call.environment()));
      if (!live.ok() && !ignore) {
        return Optional.of("sysctl: cannot read the live value of " + name + ": " + live.error());
      }
      liveDiffers = !live.ok() || !live.value().equals(SysctlKey.normalizeValue(value));
    }
    List<String> sysctl = new ArrayList<>(List.of("sysctl"));
    if (ignore) {
      sysctl.add("-e");
    }
    String file = args.string("sysctl_file");
    if (reload && (fileChanges || liveDiffers)) {
      sysctl.addAll(List.of("-p", file));
      steps.add(Step.Exec.of(RemoteCommand.argv(sysctl), "load " + file + " into the kernel"));
    } else if (value != null && args.bool("sysctl_set") && liveDiffers) {
      sysctl.addAll(List.of("-w", name + "=" + value));
      steps.add(Step.Exec.of(RemoteCommand.argv(sysctl), "set " + name + " to " + value));
    }
    if (value != null && steps.stream().anyMatch(s -> s instanceof Step.Exec)) {
      steps.add(LiveSysctlValue.readBack(name, value, ignore));
    }
    return Optional.empty();
  }
}
