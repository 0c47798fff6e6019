package io.pagetune.targets.oracle;

import io.pagetune.connection.ShellQuote;
import io.pagetune.facts.Fact;
import io.pagetune.pages.ScriptFact;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The groups of the OS users that own huge-page consumers ({@code oracle}, and {@code grid} in a
 * role-separated install), from {@code id}: the primary gid first, then every gid and group name.
 */
record UserGroups(Map<String, Member> users) {
  /** One user: primary gid, all gids (primary first) and all group names. */
  record Member(String primaryGid, List<String> gids, Set<String> names) {
    public Member {
      gids = List.copyOf(gids);
      names = Set.copyOf(names);
    }
  }

  public UserGroups {
    users = Map.copyOf(users);
  }

  public Optional<Member> of(String user) {
    return Optional.ofNullable(users.get(user));
  }

  /**
   * The gid that admits every user: {@code preferred} when all are members of it, else the first
   * gid of the first user that all share; empty when the users share none (or one is unknown).
   */
  public Optional<String> commonGid(List<String> names, Optional<String> preferred) {
    List<Member> members = new ArrayList<>();
    for (String n : names) {
      Optional<Member> m = of(n);
      if (m.isEmpty()) {
        return Optional.empty();
      }
      members.add(m.get());
    }
    if (members.isEmpty()) {
      return Optional.empty();
    }
    if (preferred.isPresent()
        && members.stream().allMatch(m -> m.gids().contains(preferred.get()))) {
      return preferred;
    }
    for (String gid : members.get(0).gids()) {
      if (members.stream().allMatch(m -> m.gids().contains(gid))) {
        return Optional.of(gid);
      }
    }
    return Optional.empty();
  }

  /** The users of {@code names} that are not members of {@code gid}. */
  public List<String> notMembers(List<String> names, String gid) {
    return names.stream()
        .filter(n -> of(n).map(m -> !m.gids().contains(gid)).orElse(true))
        .toList();
  }

  /** Output of {@link #fact}: per user a line {@code user<TAB>id -g<TAB>id -G<TAB>id -Gn}. */
  public static UserGroups parse(String output) {
    Map<String, Member> out = new LinkedHashMap<>();
    for (String line : output.split("\n")) {
      String[] f = line.split("\t", -1);
      if (f.length != 4 || !f[1].strip().matches("\\d+")) {
        continue;
      }
      List<String> gids = new ArrayList<>();
      gids.add(f[1].strip());
      for (String g : f[2].strip().split("\\s+")) {
        if (g.matches("\\d+") && !gids.contains(g)) {
          gids.add(g);
        }
      }
      Set<String> names = new LinkedHashSet<>(List.of(f[3].strip().split("\\s+")));
      names.remove("");
      out.put(f[0], new Member(f[1].strip(), gids, names));
    }
    return new UserGroups(out);
  }

  public static Fact<UserGroups> fact(List<String> users) {
    StringBuilder script = new StringBuilder();
    for (String u : users) {
      String q = ShellQuote.quote(u);
      script
          .append("printf '%s\\t%s\\t%s\\t%s\\n' ")
          .append(q)
          .append(" \"$(id -g ")
          .append(q)
          .append(" 2>/dev/null)\" \"$(id -G ")
          .append(q)
          .append(" 2>/dev/null)\" \"$(id -Gn ")
          .append(q)
          .append(" 2>/dev/null)\"\n");
    }
    return new ScriptFact<>(
        "pages_user_groups_" + String.join("_", users), script.toString(), r -> parse(r.stdout()));
  }
}
