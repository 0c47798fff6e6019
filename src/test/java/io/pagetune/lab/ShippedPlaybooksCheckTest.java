package io.pagetune.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.pagetune.testing.ChangeEvents;
import io.pagetune.testing.CliRun;
import io.pagetune.testing.TreeHash;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code --check} on every shipped playbook predicts exactly the (host, task, path) changes the
 * following apply makes on the lab's rehearsal hosts (each under a fresh copy of its seed), and
 * after the apply a second {@code --check} predicts nothing.
 */
class ShippedPlaybooksCheckTest {
  private static final List<String> HOSTS =
      List.of(
          "pase-nwp",
          "aix-prd",
          "ora-rac",
          "sol-web256",
          "sol-web4m",
          "sol-web7stock",
          "sol-handmade",
          "sol-heap4m",
          "pg-db");

  @TempDir Path tmp;

  static Stream<String> playbooks() throws IOException {
    try (Stream<Path> files = Files.list(Path.of("playbooks"))) {
      List<String> names =
          files
              .map(p -> p.getFileName().toString())
              .filter(n -> n.endsWith(".yml"))
              .sorted()
              .toList();
      return names.stream();
    }
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("playbooks")
  void checkPredictsTheApply(String playbook) throws IOException {
    Path inventory = inventory();
    for (String host : HOSTS) {
      seed(host);
    }
    String before = roots();
    CliRun check = run(playbook, inventory, "--check");
    assertEquals(before, roots(), () -> "--check changed a lab host: " + check);
    CliRun apply = run(playbook, inventory);
    assertEquals(check.exitCode(), apply.exitCode(), () -> check + "\n" + apply);
    Set<String> predicted = ChangeEvents.of(check);
    Set<String> applied = ChangeEvents.of(apply);
    assertEquals(applied, predicted, () -> "check:\n" + check + "\napply:\n" + apply);
    if (!playbook.equals("page-verify.yml") && !playbook.equals("lab-restart.yml")) {
      // the playbooks that configure pages change files on the seeded hosts: not a vacuous match
      assertFalse(applied.isEmpty(), apply::toString);
    }

    CliRun again = run(playbook, inventory, "--check");
    assertEquals(Set.of(), ChangeEvents.of(again), again::toString);
  }

  /** The lab inventory with every rehearsal host's root in the temp dir (seeded on first use). */
  private Path inventory() throws IOException {
    Path inv = tmp.resolve("inventory");
    Files.createDirectories(inv.resolve("group_vars"));
    try (Stream<Path> vars = Files.list(Path.of("inventory/group_vars"))) {
      for (Path f : vars.toList()) {
        Files.copy(f, inv.resolve("group_vars").resolve(f.getFileName()));
      }
    }
    Files.copy(Path.of("inventory/windows.yml"), inv.resolve("windows.yml"));
    List<String> lines = new ArrayList<>();
    lines.add("all:");
    lines.add("  children:");
    lines.add("    sap_ibmi:");
    lines.add("      hosts:");
    lines.add(
        "        pase-nwp: {ansible_connection: lab, pagetune_lab_root: '"
            + root("pase-nwp")
            + "'}");
    lines.add("    sap_aix:");
    lines.add("      hosts:");
    lines.add(
        "        aix-prd: {ansible_connection: lab, pagetune_lab_root: '" + root("aix-prd") + "'}");
    lines.add("    oracle_db:");
    lines.add("      hosts:");
    lines.add(
        "        ora-rac: {ansible_connection: lab, oracle_consumers: [oracle, grid],"
            + " pagetune_lab_root: '"
            + root("ora-rac")
            + "'}");
    lines.add("    solaris_web:");
    lines.add("      hosts:");
    lines.add(
        "        sol-web256: {ansible_connection: lab, pagetune_lab_root: '"
            + root("sol-web256")
            + "'}");
    lines.add(
        "        sol-web4m: {ansible_connection: lab, pagetune_lab_root: '"
            + root("sol-web4m")
            + "'}");
    lines.add(webHost("sol-web7stock", "/var/opt/SUNWwbsvr7/https-shop"));
    lines.add(webHost("sol-handmade", "/opt/webserver7/https-www"));
    lines.add(webHost("sol-heap4m", "/opt/webserver7/https-www"));
    lines.add("    postgres_db:");
    lines.add("      hosts:");
    lines.add(
        "        pg-db: {ansible_connection: lab, pagetune_lab_root: '" + root("pg-db") + "'}");
    lines.add("");
    return Files.writeString(inv.resolve("lab.yml"), String.join("\n", lines));
  }

  private String webHost(String host, String instance) {
    String service = instance.substring(instance.lastIndexOf('/') + 1);
    return "        "
        + host
        + ": {ansible_connection: lab, pagetune_lab_root: '"
        + root(host)
        + "', web_instance: "
        + instance
        + ", web_service: "
        + service
        + ", pagetune_restart_commands: {web_server: svcadm restart "
        + service
        + "}}";
  }

  private Path root(String host) {
    return tmp.resolve("roots").resolve(host);
  }

  /** The host's root as the lab connection would seed it, made now so the check finds it. */
  private void seed(String host) throws IOException {
    Path from = Path.of("lab/hosts").resolve(host);
    Path to = root(host);
    try (Stream<Path> tree = Files.walk(from)) {
      for (Path p : tree.toList()) {
        Path target = to.resolve(from.relativize(p).toString());
        if (Files.isDirectory(p, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
          Files.createDirectories(target);
        } else {
          Files.copy(p, target, java.nio.file.StandardCopyOption.COPY_ATTRIBUTES);
        }
      }
    }
  }

  /** The hash of every lab root that exists (a root is seeded when first reached). */
  private String roots() {
    StringBuilder all = new StringBuilder();
    for (String host : HOSTS) {
      Path root = root(host);
      all.append(host).append('=').append(Files.isDirectory(root) ? TreeHash.of(root) : "-");
    }
    return all.toString();
  }

  private CliRun run(String playbook, Path inventory, String... more) {
    List<String> args =
        new ArrayList<>(
            List.of(
                "run",
                "playbooks/" + playbook,
                "-i",
                inventory.toString(),
                "--output",
                "json",
                "--state",
                tmp.resolve("state.db").toString()));
    args.addAll(List.of(more));
    return CliRun.of(args.toArray(String[]::new));
  }
}
