package io.pagetune.executor.task;

import io.pagetune.executor.PlayContext;
import io.pagetune.executor.RunContext;
import io.pagetune.executor.host.HostRun;
import io.pagetune.playbook.Task;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * The variables the engine sets for a task as Ansible's variable manager does, above every user
 * layer: the host's names, the play's hosts, the run's options, where the playbook and the task's
 * role are, and {@code omit}.
 */
final class MagicVariables {
  private MagicVariables() {}

  static void put(
      Map<String, Object> vars,
      RunContext ctx,
      PlayContext play,
      HostRun host,
      Task task,
      boolean checkMode) {
    vars.put("inventory_hostname", host.name());
    vars.put("inventory_hostname_short", host.name().split("\\.", 2)[0]);
    vars.put("ansible_check_mode", checkMode);
    vars.put("ansible_diff_mode", ctx.options().diff());
    vars.put("ansible_verbosity", ctx.options().verbosity());
    vars.put("ansible_play_hosts_all", play.playHosts().all());
    vars.put("ansible_play_hosts", play.playHosts().remaining());
    List<String> batch = play.playHosts().activeBatch();
    vars.put("ansible_play_batch", batch);
    vars.put("play_hosts", batch);
    vars.put("hostvars", play.hostvars());
    vars.put("groups", play.groups());
    vars.putIfAbsent(
        "group_names",
        host.host().groups().stream()
            .filter(g -> !g.equals("all") && !g.equals("ungrouped"))
            .toList());
    if (ctx.playbookDir() != null) {
      vars.put("playbook_dir", ctx.playbookDir().toString());
    }
    if (task != null && task.role() != null) {
      vars.put("role_path", task.role().dir().toAbsolutePath().normalize().toString());
      vars.put("role_name", task.role().name());
    }
    // content guards features with "ansible_version.full is version(...)": it gets the release
    // whose behaviour pagetune follows, so it takes the branch it takes under that release
    vars.put("ansible_version", ansibleVersion(FOLLOWED_ANSIBLE_CORE));
    vars.put("pagetune_version", PagetuneVersion.current());
    // as ansible-playbook: no --tags is ['all']; both are sets, listed in a stable order here
    vars.put(
        "ansible_run_tags",
        ctx.options().tags().isEmpty()
            ? List.of("all")
            : List.copyOf(new TreeSet<>(ctx.options().tags())));
    vars.put("ansible_skip_tags", List.copyOf(new TreeSet<>(ctx.options().skipTags())));
    vars.put("omit", Omit.TOKEN);
  }

  /** The ansible-core release the differential tests compare pagetune with. */
  static final String FOLLOWED_ANSIBLE_CORE = "2.14.18";

  /**
   * The {@code ansible_version} dict as Ansible builds it from its own version: {@code string} and
   * {@code full} the text, then its first three dot-separated parts as numbers where they are
   * numbers (0 where missing).
   */
  static Map<String, Object> ansibleVersion(String version) {
    String full = version.strip().split("\\s+", 2)[0];
    List<Object> parts = new ArrayList<>();
    for (String p : full.split("\\.", -1)) {
      parts.add(p.isEmpty() ? 0 : number(p));
    }
    while (parts.size() < 3) {
      parts.add(0);
    }
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("string", version.strip());
    out.put("full", full);
    out.put("major", parts.get(0));
    out.put("minor", parts.get(1));
    out.put("revision", parts.get(2));
    return out;
  }

  private static Object number(String p) {
    return p.matches("[0-9]{1,18}") ? (Object) Long.parseLong(p) : p;
  }
}
