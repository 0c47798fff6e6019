package io.pagetune.facts;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Which of Ansible's fact collectors a play ({@code gather_subset}) or a {@code setup} task asks
 * for, resolved as Ansible's setup module documents it: {@code min} is always added, {@code all}
 * adds every collector, {@code !name} excludes one (a collector's name also excludes its fact ids,
 * {@code !hardware} drops {@code mounts}), {@code !all} excludes everything but {@code min}, {@code
 * !min} excludes the minimal collectors, and what is named explicitly is kept even when excluded.
 *
 * @param requested the subsets as given (reported back as the {@code gather_subset} fact)
 * @param collectors the collectors to run
 */
public record GatherSubset(List<String> requested, Set<String> collectors) {
  /** Ansible's minimal collectors: {@code min}, gathered even under {@code !all}. */
  public static final Set<String> MIN =
      Set.of(
          "apparmor",
          "caps",
          "cmdline",
          "date_time",
          "distribution",
          "dns",
          "env",
          "fips",
          "local",
          "lsb",
          "pkg_mgr",
          "platform",
          "python",
          "selinux",
          "service_mgr",
          "ssh_pub_keys",
          "user");

  /**
   * Every collector Ansible's setup module knows and the fact ids it answers for: each is a valid
   * subset, so content written for Ansible is accepted whole, though pagetune gathers the facts of
   * some collectors only (see the README).
   */
  private static final Map<String, Set<String>> FACT_IDS =
      Map.ofEntries(
          Map.entry(
              "platform",
              Set.of(
                  "system",
                  "kernel",
                  "kernel_version",
                  "machine",
                  "python_version",
                  "architecture",
                  "machine_id")),
          Map.entry(
              "distribution",
              Set.of(
                  "distribution_version",
                  "distribution_release",
                  "distribution_major_version",
                  "os_family")),
          Map.entry(
              "user",
              Set.of(
                  "user_id",
                  "user_uid",
                  "user_gid",
                  "user_gecos",
                  "user_dir",
                  "user_shell",
                  "real_user_id",
                  "effective_user_id",
                  "effective_group_ids")),
          Map.entry(
              "hardware",
              Set.of("processor", "processor_cores", "processor_count", "mounts", "devices")),
          Map.entry(
              "network",
              Set.of(
                  "interfaces",
                  "default_ipv4",
                  "default_ipv6",
                  "all_ipv4_addresses",
                  "all_ipv6_addresses")),
          Map.entry(
              "virtual",
              Set.of(
                  "virtualization_type",
                  "virtualization_role",
                  "virtualization_tech_guest",
                  "virtualization_tech_host")),
          Map.entry("chroot", Set.of("is_chroot")),
          Map.entry("caps", Set.of("system_capabilities", "system_capabilities_enforced")),
          Map.entry(
              "ssh_pub_keys",
              Set.of(
                  "ssh_host_pub_keys",
                  "ssh_host_key_dsa_public",
                  "ssh_host_key_rsa_public",
                  "ssh_host_key_ecdsa_public",
                  "ssh_host_key_ed25519_public")),
          Map.entry("apparmor", Set.of()),
          Map.entry("cmdline", Set.of()),
          Map.entry("date_time", Set.of()),
          Map.entry("dns", Set.of()),
          Map.entry("env", Set.of()),
          Map.entry("facter", Set.of()),
          Map.entry("fibre_channel_wwn", Set.of()),
          Map.entry("fips", Set.of()),
          Map.entry("iscsi", Set.of()),
          Map.entry("loadavg", Set.of()),
          Map.entry("local", Set.of()),
          Map.entry("lsb", Set.of()),
          Map.entry("nvme", Set.of()),
          Map.entry("ohai", Set.of()),
          Map.entry("pkg_mgr", Set.of()),
          Map.entry("python", Set.of()),
          Map.entry("selinux", Set.of()),
          Map.entry("service_mgr", Set.of()));

  /** What a play gathers when it says nothing. */
  public static final GatherSubset ALL = parse(List.of("all"));

  public GatherSubset {
    requested = List.copyOf(requested);
    collectors = Set.copyOf(collectors);
  }

  /**
   * Resolves {@code subsets}.
   *
   * @throws IllegalArgumentException for a subset Ansible does not know, with Ansible's message
   */
  public static GatherSubset parse(Collection<String> subsets) {
    List<String> given = new ArrayList<>();
    for (String s : subsets) {
      for (String part : s.split(",")) {
        if (!part.isBlank()) {
          given.add(part.strip());
        }
      }
    }
    if (given.isEmpty()) {
      given.add("all");
    }
    Set<String> valid = valid();
    Set<String> add = new LinkedHashSet<>(MIN);
    Set<String> exclude = new LinkedHashSet<>();
    Set<String> explicit = new LinkedHashSet<>();
    for (String s : given) {
      switch (s) {
        case "min" -> add.addAll(MIN);
        case "all" -> add.addAll(valid);
        case "!min" -> exclude.addAll(MIN);
        case "!all" -> valid.stream().filter(v -> !MIN.contains(v)).forEach(exclude::add);
        default -> {
          if (s.startsWith("!")) {
            String name = s.substring(1);
            exclude.add(name);
            exclude.addAll(FACT_IDS.getOrDefault(name, Set.of()));
          } else if (!valid.contains(s)) {
            throw new IllegalArgumentException(
                "Bad subset '"
                    + s
                    + "' given to Ansible. gather_subset options allowed: all, "
                    + String.join(", ", new TreeSet<>(valid)));
          } else {
            explicit.add(s);
            add.add(s);
          }
        }
      }
    }
    exclude.removeAll(explicit);
    add.removeAll(exclude);
    Set<String> collectors = new LinkedHashSet<>();
    for (String s : add) {
      collectors.add(collectorOf(s));
    }
    return new GatherSubset(given, collectors);
  }

  private static Set<String> valid() {
    Set<String> valid = new TreeSet<>();
    FACT_IDS.forEach(
        (collector, ids) -> {
          valid.add(collector);
          valid.addAll(ids);
        });
    return valid;
  }

  /** The collector a subset name selects: a fact id runs the collector that answers for it. */
  private static String collectorOf(String subset) {
    for (Map.Entry<String, Set<String>> e : FACT_IDS.entrySet()) {
      if (e.getValue().contains(subset)) {
        return e.getKey();
      }
    }
    return subset;
  }

  public boolean includes(String collector) {
    return collectors.contains(collector);
  }

  /** Whether every collector of {@code other} is one of these. */
  public boolean covers(GatherSubset other) {
    return collectors.containsAll(other.collectors);
  }
}
