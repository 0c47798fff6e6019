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
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code group}: a group exists (with a given gid) or does not, through {@code getent group} and
 * {@code groupadd}/{@code groupmod}/{@code groupdel}. The gid of a group created without one is
 * read back after the apply, so {@code register} sees what the host chose.
 */
public final class GroupModule implements Module {
  private static final ArgSpec SPEC =
      ArgSpec.of(
              Arg.required("name", ArgType.STRING).describe("The group's name."),
              Arg.optional("gid", ArgType.INT).describe("Its group id."),
              Arg.optional("state", ArgType.STRING, "present")
                  .choices("present", "absent")
                  .describe("present: the group exists; absent: it is removed."),
              Arg.optional("system", ArgType.BOOL, false).describe("Create it as a system group."))
          .documented(
              "Ensures a local group exists (or not), as Ansible's group does.",
              "- name: group allowed to use huge pages\n  group:\n    name: hugetlb\n    gid: 54330\n");

  @Override
  public String name() {
    return "group";
  }

  @Override
  public ArgSpec spec() {
    return SPEC;
  }

  @Override
  public void validate(Args args) {
    String name = args.string("name");
    if (!name.contains("${") && !AccountNames.validName(name)) {
      throw args.error("name", "'" + name + "' is not a valid group name");
    }
    if (args.has("gid")
        && !String.valueOf(args.raw("gid")).contains("${")
        && args.integer("gid") < 0) {
      throw args.error("gid", "must not be negative");
    }
  }

  @Override
  public Plan plan(ModuleCall call, HostState host) {
    Args args = call.args();
    String name = args.string("name");
    if (!AccountNames.validName(name)) {
      return Plan.failed("group: name '" + name + "' is not a valid group name");
    }
    Optional<GroupEntry.Group> now = host.fact(new GroupEntry(name, call.environment()));
    boolean present = args.string("state").equals("present");
    Map<String, Object> data = new LinkedHashMap<>();
    data.put("name", name);
    data.put("state", args.string("state"));
    data.put("system", args.bool("system"));
    if (!present) {
      if (now.isEmpty()) {
        return Plan.upToDate("group " + name + " does not exist", data);
      }
      return Plan.of(
              List.of(
                  Step.Exec.of(RemoteCommand.argv("groupdel", name), "remove group " + name)
                      .predicting(AccountPrediction.group(name, Optional.empty()))),
              List.of())
          .withData(data);
    }
    Optional<Long> gid = args.has("gid") ? Optional.of(args.integer("gid")) : Optional.empty();
    if (now.isPresent()) {
      boolean gidUnknown = now.get().gid() == AccountPrediction.CHOSEN_BY_HOST;
      if (gid.isPresent() || !gidUnknown) {
        data.put("gid", gid.orElse(now.get().gid()));
      }
      if (gid.isEmpty() || gid.get() == now.get().gid()) {
        return Plan.upToDate(
            "group "
                + name
                + (gidUnknown
                    ? " is added by an earlier task"
                    : " exists with gid " + now.get().gid()),
            data);
      }
      return Plan.of(
              List.of(
                  Step.Exec.of(
                          RemoteCommand.argv("groupmod", "-g", String.valueOf(gid.get()), name),
                          "change gid of group " + name + " to " + gid.get())
                      .predicting(
                          AccountPrediction.group(
                              name,
                              Optional.of(
                                  new GroupEntry.Group(name, gid.get(), now.get().members()))))),
              List.of())
          .withData(data);
    }
    List<String> argv = new ArrayList<>(List.of("groupadd"));
    gid.ifPresent(g -> argv.addAll(List.of("-g", String.valueOf(g))));
    if (args.bool("system")) {
      argv.add("-r");
    }
    argv.add(name);
    gid.ifPresent(g -> data.put("gid", g));
    GroupEntry.Group added =
        new GroupEntry.Group(name, gid.orElse(AccountPrediction.CHOSEN_BY_HOST), "");
    List<Step> steps = new ArrayList<>();
    steps.add(
        Step.Exec.of(RemoteCommand.argv(argv), "add group " + name)
            .predicting(AccountPrediction.group(name, Optional.of(added))));
    if (gid.isEmpty()) {
      steps.add(GroupEntry.readBackGid(name));
    }
    return Plan.of(steps, List.of()).withData(data);
  }
}
