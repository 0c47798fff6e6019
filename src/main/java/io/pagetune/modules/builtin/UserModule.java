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
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * {@code user}: an account exists with the uid, primary group, supplementary groups, home, shell
 * and comment a task names (or does not exist), through {@code getent}/{@code id} and {@code
 * useradd}/{@code usermod}/{@code userdel}. Passwords are refused: {@code useradd -p} would put the
 * hash on a command line, where every local user can read it.
 */
public final class UserModule implements Module {
  private static final ArgSpec SPEC =
      ArgSpec.of(
              Arg.required("name", ArgType.STRING).aliases("user").describe("The account's name."),
              Arg.optional("uid", ArgType.INT).describe("Its user id."),
              Arg.optional("group", ArgType.STRING).describe("Its primary group."),
              Arg.optional("groups", ArgType.LIST).describe("Supplementary groups."),
              Arg.optional("append", ArgType.BOOL, false)
                  .describe("Add groups to the account's others instead of setting exactly these."),
              Arg.optional("home", ArgType.STRING).describe("Its home directory."),
              Arg.optional("shell", ArgType.STRING).describe("Its login shell."),
              Arg.optional("comment", ArgType.STRING).describe("The GECOS comment."),
              Arg.optional("state", ArgType.STRING, "present")
                  .choices("present", "absent")
                  .describe("present: the account exists; absent: it is removed."),
              Arg.optional("system", ArgType.BOOL, false)
                  .describe("Create it as a system account."),
              Arg.optional("create_home", ArgType.BOOL, true)
                  .aliases("createhome")
                  .describe("Create the home directory for a new account."),
              Arg.optional("remove", ArgType.BOOL, false)
                  .describe("With state=absent: remove its home directory too."),
              // declared only to refuse it with the reason (an unknown-argument error would not
              // say)
              Arg.optional("password", ArgType.STRING)
                  .describe("Refused: pagetune never sets password hashes."))
          .documented(
              "Ensures a local user account exists with the given attributes (or not), as Ansible's user does.",
              "- name: oracle is in the huge pages group\n  user:\n    name: oracle\n    groups: [hugetlb]\n    append: true\n");

  @Override
  public String name() {
    return "user";
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

  /** Groups may be a list or Ansible's comma-separated string. */
  private static List<String> groups(Args args) {
    List<String> out = new ArrayList<>();
    for (String s : args.strings("groups")) {
      for (String g : s.split(",")) {
        if (!g.isBlank()) {
          out.add(g.strip());
        }
      }
    }
    return out;
  }

  private static Optional<String[]> problem(Args args) {
    if (args.has("password")) {
      return Optional.of(
          new String[] {
            "password",
            "is not supported: pagetune does not pass password hashes on a command line"
                + " (useradd -p); set it with a chpasswd -e task that reads it from stdin"
          });
    }
    String name = args.string("name");
    if (!name.contains("${") && !AccountNames.validName(name)) {
      return Optional.of(new String[] {"name", "'" + name + "' is not a valid user name"});
    }
    Optional<String> group = args.optString("group");
    if (group.isPresent()
        && !group.get().contains("${")
        && !AccountNames.validName(group.get())
        && !group.get().matches("[0-9]+")) {
      return Optional.of(new String[] {"group", "'" + group.get() + "' is not a valid group name"});
    }
    for (String g : groups(args)) {
      if (!g.contains("${") && !AccountNames.validName(g)) {
        return Optional.of(new String[] {"groups", "'" + g + "' is not a valid group name"});
      }
    }
    for (String field : new String[] {"home", "shell", "comment"}) {
      Optional<String> v = args.optString(field);
      if (v.isPresent() && !AccountNames.validField(v.get())) {
        return Optional.of(new String[] {field, "must not contain ':' or a line break"});
      }
    }
    for (String path : new String[] {"home", "shell"}) {
      Optional<String> v = args.optString(path);
      if (v.isPresent() && !v.get().contains("${") && !v.get().startsWith("/")) {
        return Optional.of(new String[] {path, "must be an absolute path"});
      }
    }
    return Optional.empty();
  }

  @Override
  public Plan plan(ModuleCall call, HostState host) {
    Args args = call.args();
    Optional<String[]> problem = problem(args);
    if (problem.isPresent()) {
      return Plan.failed("user: " + problem.get()[0] + " " + problem.get()[1]);
    }
    String name = args.string("name");
    List<String> groups = groups(args);
    Optional<String> group = args.optString("group");
    UserAccount.Reading now =
        host.fact(new UserAccount(name, UserAccount.names(groups, group), call.environment()));
    Map<String, Object> data = new LinkedHashMap<>();
    data.put("name", name);
    data.put("state", args.string("state"));
    if (args.string("state").equals("absent")) {
      if (now.user().isEmpty()) {
        return Plan.upToDate("user " + name + " does not exist", data);
      }
      List<String> argv = new ArrayList<>(List.of("userdel"));
      if (args.bool("remove")) {
        argv.add("-r");
      }
      argv.add(name);
      return Plan.of(
              List.of(
                  Step.Exec.of(RemoteCommand.argv(argv), "remove user " + name)
                      .predicting(AccountPrediction.user(name, Optional.empty()))),
              List.of())
          .withData(data);
    }
    // a group an earlier task creates is not there yet in a check run: the plan goes on and
    // says so, and useradd/usermod fail the apply if the group is still missing then
    List<String> missing = new ArrayList<>();
    for (String g : UserAccount.names(groups, group)) {
      if (now.group(g).isEmpty() && !missing.contains(g)) {
        missing.add(g);
      }
    }
    String note =
        missing.isEmpty()
            ? ""
            : " (group "
                + String.join(", ", missing)
                + " does not exist yet on "
                + host.host()
                + ": an earlier task must create it)";
    Plan plan =
        now.user().isEmpty()
            ? create(args, now, name, groups, group, data, note)
            : modify(args, now, now.user().get(), groups, group, data, note);
    return missing.isEmpty() ? plan : plan.withData(Map.of("missing_groups", missing));
  }

  private static Plan create(
      Args args,
      UserAccount.Reading now,
      String name,
      List<String> groups,
      Optional<String> group,
      Map<String, Object> data,
      String note) {
    List<String> argv = new ArrayList<>(List.of("useradd"));
    if (args.has("uid")) {
      argv.addAll(List.of("-u", String.valueOf(args.integer("uid"))));
      data.put("uid", args.integer("uid"));
    }
    group.ifPresent(g -> argv.addAll(List.of("-g", g)));
    if (!groups.isEmpty()) {
      argv.addAll(List.of("-G", String.join(",", groups)));
    }
    args.optString("home").ifPresent(h -> argv.addAll(List.of("-d", h)));
    args.optString("shell").ifPresent(s -> argv.addAll(List.of("-s", s)));
    args.optString("comment").ifPresent(c -> argv.addAll(List.of("-c", c)));
    if (args.bool("system")) {
      argv.add("-r");
    }
    argv.add(args.bool("create_home") ? "-m" : "-M");
    argv.add(name);
    data.put("groups", String.join(",", groups));
    args.optString("home").ifPresent(h -> data.put("home", h));
    args.optString("shell").ifPresent(s -> data.put("shell", s));
    data.put("system", args.bool("system"));
    data.put("create_home", args.bool("create_home"));
    // without a group, useradd gives the user a group of its own name
    String primary =
        group.map(g -> now.group(g).map(GroupEntry.Group::name).orElse(g)).orElse(name);
    long gid =
        group
            .flatMap(now::group)
            .map(GroupEntry.Group::gid)
            .orElse(AccountPrediction.CHOSEN_BY_HOST);
    Set<String> supplementary = new LinkedHashSet<>();
    for (String g : groups) {
      supplementary.add(now.group(g).map(GroupEntry.Group::name).orElse(g));
    }
    supplementary.remove(primary);
    UserAccount.User added =
        new UserAccount.User(
            name,
            args.has("uid") ? args.integer("uid") : AccountPrediction.CHOSEN_BY_HOST,
            gid,
            primary,
            args.optString("comment").orElse(""),
            args.optString("home").orElse(""),
            args.optString("shell").orElse(""),
            supplementary);
    return Plan.of(
            List.of(
                Step.Exec.of(RemoteCommand.argv(argv), "add user " + name + note)
                    .predicting(AccountPrediction.user(name, Optional.of(added))),
                PasswdReadBack.of(name)),
            List.of())
        .withData(data);
  }

  private static Plan modify(
      Args args,
      UserAccount.Reading now,
      UserAccount.User user,
      List<String> groups,
      Optional<String> group,
      Map<String, Object> data,
      String note) {
    List<String> flags = new ArrayList<>();
    List<String> what = new ArrayList<>();
    if (args.has("uid") && args.integer("uid") != user.uid()) {
      flags.addAll(List.of("-u", String.valueOf(args.integer("uid"))));
      what.add("uid " + user.uid() + " -> " + args.integer("uid"));
    }
    long gid = user.gid();
    String primary = user.primaryGroup();
    if (group.isPresent()) {
      Optional<GroupEntry.Group> wanted = now.group(group.get());
      if (wanted.isEmpty() || wanted.get().gid() != user.gid()) {
        flags.addAll(List.of("-g", group.get()));
        what.add(
            "primary group "
                + user.primaryGroup()
                + " -> "
                + wanted.map(GroupEntry.Group::name).orElse(group.get()));
        gid = wanted.map(GroupEntry.Group::gid).orElse(gid);
        primary = wanted.map(GroupEntry.Group::name).orElse(group.get());
      }
    }
    Set<String> supplementary = supplementary(args, now, user, groups, group, flags, what);
    String home = field(args, "home", user.home(), "-d", flags, what);
    String shell = field(args, "shell", user.shell(), "-s", flags, what);
    String comment = field(args, "comment", user.comment(), "-c", flags, what);
    data.put("uid", args.has("uid") ? args.integer("uid") : user.uid());
    data.put("group", gid);
    data.put("groups", String.join(",", supplementary));
    data.put("home", home);
    data.put("shell", shell);
    if (flags.isEmpty()) {
      return Plan.upToDate("user " + user.name() + " is as wanted", data);
    }
    List<String> argv = new ArrayList<>(List.of("usermod"));
    argv.addAll(flags);
    argv.add(user.name());
    UserAccount.User changed =
        new UserAccount.User(
            user.name(),
            args.has("uid") ? args.integer("uid") : user.uid(),
            gid,
            primary,
            comment,
            home,
            shell,
            supplementary);
    return Plan.of(
            List.of(
                Step.Exec.of(
                        RemoteCommand.argv(argv),
                        "change user " + user.name() + ": " + String.join(", ", what) + note)
                    .predicting(AccountPrediction.user(user.name(), Optional.of(changed))),
                PasswdReadBack.of(user.name())),
            List.of())
        .withData(data);
  }

  /**
   * Adds the usermod flags when the supplementary groups differ; returns the groups the user will
   * have.
   */
  private static Set<String> supplementary(
      Args args,
      UserAccount.Reading now,
      UserAccount.User user,
      List<String> groups,
      Optional<String> group,
      List<String> flags,
      List<String> what) {
    Set<String> supplementary = new LinkedHashSet<>(user.supplementary());
    if (!args.has("groups")) {
      return supplementary;
    }
    Set<String> wanted = new LinkedHashSet<>();
    for (String g : groups) {
      wanted.add(now.group(g).map(GroupEntry.Group::name).orElse(g));
    }
    // the primary group is not a supplementary one, also when listed (usermod ignores it)
    String primaryName =
        group.flatMap(now::group).map(GroupEntry.Group::name).orElse(user.primaryGroup());
    wanted.remove(primaryName);
    if (args.bool("append")) {
      Set<String> missing = new LinkedHashSet<>(wanted);
      missing.removeAll(supplementary);
      if (!missing.isEmpty()) {
        flags.addAll(List.of("-a", "-G", String.join(",", missing)));
        what.add("groups + " + String.join(",", missing));
        supplementary.addAll(missing);
      }
      return supplementary;
    }
    if (wanted.equals(supplementary)) {
      return supplementary;
    }
    flags.addAll(List.of("-G", String.join(",", wanted)));
    what.add("groups " + String.join(",", supplementary) + " -> " + String.join(",", wanted));
    return wanted;
  }

  /** Adds the usermod flag when the field differs; returns the value the user will have. */
  private static String field(
      Args args, String arg, String current, String flag, List<String> flags, List<String> what) {
    Optional<String> wanted = args.optString(arg);
    if (wanted.isEmpty() || wanted.get().equals(current)) {
      return current;
    }
    flags.addAll(List.of(flag, wanted.get()));
    what.add(arg + " " + current + " -> " + wanted.get());
    return wanted.get();
  }
}
