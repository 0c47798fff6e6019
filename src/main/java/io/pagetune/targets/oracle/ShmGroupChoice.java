package io.pagetune.targets.oracle;

import io.pagetune.connection.ShellQuote;
import io.pagetune.facts.Fact;
import io.pagetune.linux.LinuxBootConfig;
import io.pagetune.linux.sysctl.SysctlPersistence;
import io.pagetune.linux.sysctl.TunedProfile;
import io.pagetune.modules.Args;
import io.pagetune.modules.HostState;
import io.pagetune.pages.ScriptFact;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The {@code vm.hugetlb_shm_group} a host needs: a group every owner of SysV huge-page segments is
 * in, since {@code SHM_HUGETLB} is refused to a user outside it. The playbook's {@code
 * oracle_group} when it admits them all, else the group already configured when it does, else a
 * group they share (the Oracle user's primary group first); refused when none does.
 *
 * @param gid the group's id
 * @param consumers the OS users it must admit ({@code oracle_user} first)
 * @param groups their groups, as {@code id} shows them
 */
record ShmGroupChoice(String gid, List<String> consumers, UserGroups groups) {
  static final String SHM_GROUP = "vm.hugetlb_shm_group";

  ShmGroupChoice {
    consumers = List.copyOf(consumers);
  }

  static ShmGroupChoice choose(Args args, HostState host, LinuxBootConfig boot, long defaultPage) {
    List<String> consumers =
        OraclePool.segmentOwners(
            OracleRequest.namedUsers(args), host.fact(OracleFacts.IPCS), defaultPage);
    UserGroups groups = host.fact(UserGroups.fact(consumers));
    String user = args.string("oracle_user");
    Optional<String> named = args.optString("oracle_group");
    if (named.isPresent()) {
      String gid = host.fact(gidFact(user, named));
      if (gid.isEmpty()) {
        throw new OracleRefusal("cannot find the gid of group " + named.get());
      }
      List<String> outside = groups.notMembers(consumers, gid);
      if (!outside.isEmpty()) {
        throw new OracleRefusal(
            SHM_GROUP
                + " "
                + gid
                + " ("
                + named.get()
                + ") would not admit "
                + String.join(", ", outside)
                + ", who own(s) huge-page consumers; add them to the group or name another");
      }
      return new ShmGroupChoice(gid, consumers, groups);
    }
    Optional<String> persistedGid =
        SysctlPersistence.bootValue(
                boot.sysctl(),
                boot.tunedProfile(),
                TunedProfile.reapplySysctl(boot.tunedMain()),
                SHM_GROUP)
            .assignment()
            .map(a -> a.value());
    // a group already configured that admits every consumer stays
    Optional<String> keep =
        persistedGid.filter(g -> g.matches("\\d+") && groups.notMembers(consumers, g).isEmpty());
    Optional<String> common =
        keep.isPresent()
            ? keep
            : groups.commonGid(consumers, groups.of(user).map(UserGroups.Member::primaryGid));
    List<String> unknown = consumers.stream().filter(u -> groups.of(u).isEmpty()).toList();
    if (!unknown.isEmpty()) {
      throw new OracleRefusal(
          "cannot read the groups of " + String.join(", ", unknown) + " (id fails: no such user?)");
    }
    if (common.isEmpty()) {
      throw new OracleRefusal(
          String.join(" and ", consumers)
              + " share no group for "
              + SHM_GROUP
              + " ("
              + consumers.stream()
                  .map(
                      u ->
                          u
                              + ": "
                              + groups
                                  .of(u)
                                  .map(m -> String.join(",", m.gids()))
                                  .orElse("no such user"))
                  .collect(Collectors.joining("; "))
              + "); set oracle_group to a group all of them are in");
    }
    return new ShmGroupChoice(common.get(), consumers, groups);
  }

  /** The gid of the Oracle group: the named group, else the user's primary group. */
  static Fact<String> gidFact(String user, Optional<String> group) {
    String script =
        group.isPresent()
            ? "getent group " + ShellQuote.quote(group.get()) + " | cut -d: -f3"
            : "id -g " + ShellQuote.quote(user);
    return new ScriptFact<>(
        "pages_gid_" + user + "_" + group.orElse(""),
        script,
        r -> r.exitCode() == 0 && r.stdout().strip().matches("\\d+") ? r.stdout().strip() : "");
  }
}
