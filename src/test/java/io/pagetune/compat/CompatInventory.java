package io.pagetune.compat;

import java.util.List;

/**
 * The inventory both tools read, differing only in {@code root}: every host is the same loopback
 * sshd, and a task writes only below its host's {@code root} (a directory of the tool's own tree,
 * seeded afresh). The {@code _a} host of each group plays a production database server, the {@code
 * _b} host a small test one, so that conditions take both branches.
 */
final class CompatInventory {
  private CompatInventory() {}

  static String yaml(
      List<CorpusEntry> entries, String rootBase, int port, String user, String key) {
    StringBuilder s = new StringBuilder("all:\n  vars:\n");
    s.append("    ansible_host: 127.0.0.1\n");
    s.append("    ansible_port: ").append(port).append('\n');
    s.append("    ansible_user: ").append(user).append('\n');
    s.append("    ansible_ssh_private_key_file: ").append(key).append('\n');
    s.append("  children:\n");
    for (CorpusEntry e : entries) {
      s.append("    ").append(e.group()).append(":\n      hosts:\n");
      host(s, e.group() + "_a", rootBase, "prod", 65536, 16, "primary");
      host(s, e.group() + "_b", rootBase, "test", 8192, 4, "standby");
    }
    return s.toString();
  }

  private static void host(
      StringBuilder s,
      String name,
      String rootBase,
      String tier,
      int memMb,
      int cpus,
      String role) {
    s.append("        ").append(name).append(":\n");
    s.append("          root: ").append(rootBase).append('/').append(name).append('\n');
    s.append("          tier: ").append(tier).append('\n');
    s.append("          host_mem_mb: ").append(memMb).append('\n');
    s.append("          host_vcpus: ").append(cpus).append('\n');
    s.append("          db_role: ").append(role).append('\n');
  }
}
