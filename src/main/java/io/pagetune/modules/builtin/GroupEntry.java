package io.pagetune.modules.builtin;

import io.pagetune.connection.CommandResult;
import io.pagetune.connection.RemoteCommand;
import io.pagetune.connection.ShellQuote;
import io.pagetune.facts.Fact;
import io.pagetune.modules.Step;
import java.util.Map;
import java.util.Optional;

/** A group's entry as {@code getent group NAME} prints it ({@code name:x:gid:members}). */
final class GroupEntry implements Fact<Optional<GroupEntry.Group>> {
  private final String name;
  private final Map<String, String> environment;

  record Group(String name, long gid, String members) {
    /** Parses one getent line; empty when it is not one. */
    static Optional<Group> parse(String line) {
      String[] f = line.strip().split(":", -1);
      if (f.length < 4) {
        return Optional.empty();
      }
      try {
        return Optional.of(new Group(f[0], Long.parseLong(f[2]), f[3]));
      } catch (NumberFormatException e) {
        return Optional.empty();
      }
    }
  }

  GroupEntry(String name, Map<String, String> environment) {
    this.name = name;
    this.environment = Map.copyOf(environment);
  }

  /** The group this fact asks about. */
  String group() {
    return name;
  }

  /** The gid the host chose for a group it just added, as {@code gid} in the result. */
  static Step.ReadBack readBackGid(String name) {
    return Step.ReadBack.of(
        "read back the gid of group " + name,
        (result, host) -> {
          CommandResult back = host.query(command(name));
          Optional<Group> created = back.ok() ? Group.parse(back.stdout()) : Optional.empty();
          return created.map(g -> result.withData(Map.of("gid", g.gid()))).orElse(result);
        });
  }

  static RemoteCommand command(String name) {
    return RemoteCommand.argv("getent", "group", name);
  }

  @Override
  public String name() {
    return "getent_group:" + name + (environment.isEmpty() ? "" : "@" + environment.hashCode());
  }

  @Override
  public String script() {
    return ShellQuote.render(command(name).withEnv(environment));
  }

  @Override
  public Optional<Group> parse(CommandResult result) {
    return result.ok() ? Group.parse(result.stdout()) : Optional.empty();
  }
}
