package io.pagetune.modules.builtin;

import io.pagetune.connection.CommandResult;
import io.pagetune.connection.RemoteCommand;
import io.pagetune.connection.ShellQuote;
import io.pagetune.facts.Fact;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * A user as the host knows it ({@code getent passwd}, the primary group's name, {@code id -Gn}) and
 * the groups a task names, in one round trip.
 */
final class UserAccount implements Fact<UserAccount.Reading> {
  private final String name;
  private final List<String> groups;
  private final Map<String, String> environment;

  /** The passwd fields of an existing user. */
  record User(
      String name,
      long uid,
      long gid,
      String primaryGroup,
      String comment,
      String home,
      String shell,
      Set<String> supplementary) {}

  /**
   * @param user empty when the user does not exist
   * @param groups the named groups that exist, by name and gid
   */
  record Reading(Optional<User> user, Map<String, GroupEntry.Group> groups) {
    /** The named group, looked up by name or by a numeric gid. */
    Optional<GroupEntry.Group> group(String nameOrGid) {
      return Optional.ofNullable(groups.get(nameOrGid));
    }
  }

  UserAccount(String name, List<String> groups, Map<String, String> environment) {
    this.name = name;
    this.groups = List.copyOf(groups);
    this.environment = Map.copyOf(environment);
  }

  /** The user this fact asks about. */
  String user() {
    return name;
  }

  /** The groups it also asks about. */
  List<String> groups() {
    return groups;
  }

  @Override
  public String name() {
    return "user_account:"
        + name
        + ":"
        + String.join(",", groups)
        + (environment.isEmpty() ? "" : "@" + environment.hashCode());
  }

  @Override
  public String script() {
    StringBuilder body = new StringBuilder();
    body.append("name=").append(ShellQuote.quote(name)).append('\n');
    body.append("if p=$(getent passwd \"$name\"); then\n")
        .append("  printf 'passwd=%s\\n' \"$p\"\n")
        .append("  gid=$(printf '%s' \"$p\" | cut -d: -f4)\n")
        .append("  printf 'primary=%s\\n' \"$(getent group \"$gid\" | cut -d: -f1)\"\n")
        .append("  printf 'groups=%s\\n' \"$(id -Gn \"$name\")\"\n")
        .append("fi\n");
    if (!groups.isEmpty()) {
      body.append("for g in");
      for (String g : groups) {
        body.append(' ').append(ShellQuote.quote(g));
      }
      body.append("; do\n")
          .append("  if e=$(getent group \"$g\"); then printf 'group=%s=%s\\n' \"$g\" \"$e\"; fi\n")
          .append("done\n");
    }
    return ShellQuote.render(RemoteCommand.script(body.toString()).withEnv(environment));
  }

  @Override
  public Reading parse(CommandResult result) {
    String passwd = null;
    String primary = "";
    String ids = "";
    Map<String, GroupEntry.Group> found = new LinkedHashMap<>();
    for (String line : result.stdout().split("\n")) {
      if (line.startsWith("passwd=") && passwd == null) {
        passwd = line.substring(7);
      } else if (line.startsWith("primary=")) {
        primary = line.substring(8).strip();
      } else if (line.startsWith("groups=")) {
        ids = line.substring(7).strip();
      } else if (line.startsWith("group=")) {
        String rest = line.substring(6);
        int eq = rest.indexOf('=');
        if (eq > 0) {
          GroupEntry.Group.parse(rest.substring(eq + 1))
              .ifPresent(g -> found.put(rest.substring(0, eq), g));
        }
      }
    }
    return new Reading(user(passwd, primary, ids), found);
  }

  private static Optional<User> user(String passwd, String primary, String ids) {
    if (passwd == null) {
      return Optional.empty();
    }
    String[] f = passwd.split(":", -1);
    if (f.length < 7) {
      return Optional.empty();
    }
    Set<String> supplementary = new LinkedHashSet<>();
    for (String g : ids.split("\\s+")) {
      if (!g.isEmpty() && !g.equals(primary)) {
        supplementary.add(g);
      }
    }
    try {
      return Optional.of(
          new User(
              f[0],
              Long.parseLong(f[2]),
              Long.parseLong(f[3]),
              primary,
              f[4],
              f[5],
              f[6],
              supplementary));
    } catch (NumberFormatException e) {
      return Optional.empty();
    }
  }

  static List<String> names(List<String> groups, Optional<String> primary) {
    List<String> all = new ArrayList<>(groups);
    primary.ifPresent(all::add);
    return all;
  }
}
