package io.pagetune.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.pagetune.plan.PlanDigest;
import io.pagetune.testing.CliRun;
import io.pagetune.testing.SshServerExtension;
import io.pagetune.testing.TestSshHost;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * What an apply trusts, over a real SSH server: only a plan this state store signed (an edited and
 * digested-again plan is refused, and one cannot be saved without a store), never one dated in the
 * future, never a command the plan did not show, and never a --limit that names none of its hosts.
 */
class ApplyPlanTrustTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @RegisterExtension final SshServerExtension ssh = new SshServerExtension();
  @TempDir Path dir;
  private Path root;
  private Path inventory;
  private Path playbook;
  private Path plan;
  private List<String> known;

  @BeforeEach
  void host() throws Exception {
    TestSshHost server = ssh.start();
    root = Files.createDirectories(dir.resolve("root"));
    Files.writeString(root.resolve("value"), "5\n");
    Files.writeString(root.resolve("pages.conf"), "vm.nr_hugepages = 8\n");
    inventory =
        Files.writeString(
            dir.resolve("hosts.yml"),
            "all:\n  hosts:\n    box:\n      ansible_host: 127.0.0.1\n      ansible_port: "
                + server.port()
                + "\n      ansible_user: "
                + ssh.user()
                + "\n      ansible_ssh_private_key_file: "
                + ssh.clientKey()
                + "\n      root: "
                + root
                + "\n");
    Path book = Files.createDirectories(dir.resolve("book"));
    playbook =
        Files.writeString(
            book.resolve("site.yml"),
            String.join(
                "\n",
                "- hosts: all",
                "  gather_facts: false",
                "  tasks:",
                "    - name: pool",
                "      copy: {dest: \"${root}/pages.conf\", content: \"vm.nr_hugepages = 16\\n\"}",
                "    - name: read the value",
                "      command: cat ${root}/value",
                "      check_mode: false",
                "      changed_when: false",
                "      register: v",
                "    - name: mark",
                "      command: touch ${root}/ran-with-${v.stdout}",
                ""));
    known = List.of("--known-hosts", ssh.knownHosts().toString());
    plan = dir.resolve("chg.plan");
  }

  private CliRun cli(Map<String, String> env, String... args) {
    Map<String, String> all = new HashMap<>(env);
    all.putIfAbsent("PAGETUNE_STATE", dir.resolve("state.db").toString());
    List<String> argv = new ArrayList<>(List.of(args));
    argv.addAll(known);
    return CliRun.withEnv(all, argv.toArray(new String[0]));
  }

  private CliRun save(Map<String, String> env, String... more) {
    List<String> args =
        new ArrayList<>(
            List.of(
                "run",
                playbook.toString(),
                "-i",
                inventory.toString(),
                "--check",
                "--save-plan",
                plan.toString()));
    args.addAll(List.of(more));
    return cli(env, args.toArray(new String[0]));
  }

  /** Edits the plan as anyone who can write the file can: change, then digest it again. */
  private void forge(java.util.function.Consumer<ObjectNode> edit) throws Exception {
    ObjectNode doc = (ObjectNode) JSON.readTree(Files.readString(plan));
    edit.accept(doc);
    doc.put("digest", PlanDigest.of(doc));
    Files.writeString(plan, JSON.writerWithDefaultPrettyPrinter().writeValueAsString(doc));
  }

  @Test
  void aPlanEditedAndDigestedAgainIsRefusedBeforeAnyHostIsTouched() throws Exception {
    CliRun check = save(Map.of(), "-e", "sga_gb=64");
    assertEquals(0, check.exitCode(), check.toString());
    String original = Files.readString(plan);
    String unsigned =
        ": the plan is not signed by this state store (it was changed after it was saved, or"
            + " saved with another state store): make a new plan";

    forge(
        doc -> ((ObjectNode) doc.get("source").get("extra_vars")).put("injected", "touch /tmp/x"));
    CliRun extraVars = cli(Map.of(), "apply", plan.toString());
    assertEquals(4, extraVars.exitCode(), extraVars.toString());
    assertTrue(extraVars.err().contains(plan + ":1:1" + unsigned), extraVars.err());

    Files.writeString(plan, original);
    forge(doc -> doc.put("created_at", "2099-01-01T00:00:00Z"));
    CliRun future = cli(Map.of(), "apply", plan.toString());
    assertEquals(4, future.exitCode(), future.toString());
    assertTrue(future.err().contains(unsigned), future.err());

    Files.writeString(plan, original.replace("vm.nr_hugepages = 16", "vm.nr_hugepages = 99"));
    forge(doc -> {});
    CliRun content = cli(Map.of(), "apply", plan.toString());
    assertEquals(4, content.exitCode(), content.toString());
    assertTrue(content.err().contains(unsigned), content.err());

    // the same plan untouched, from another state store: not its signature either
    Files.writeString(plan, original);
    CliRun otherStore =
        cli(Map.of("PAGETUNE_STATE", dir.resolve("other.db").toString()), "apply", "" + plan);
    assertEquals(4, otherStore.exitCode(), otherStore.toString());
    assertTrue(otherStore.err().contains(unsigned), otherStore.err());

    assertEquals("vm.nr_hugepages = 8\n", Files.readString(root.resolve("pages.conf")));
    assertFalse(Files.exists(root.resolve("ran-with-5")), "no host was touched");

    CliRun apply = cli(Map.of(), "apply", plan.toString());
    assertEquals(0, apply.exitCode(), apply.toString());
    assertEquals("vm.nr_hugepages = 16\n", Files.readString(root.resolve("pages.conf")));
    assertTrue(Files.exists(root.resolve("ran-with-5")));
  }

  @Test
  void withoutAStateStoreNoPlanIsSavedOrApplied() throws Exception {
    CliRun none = save(Map.of("PAGETUNE_STATE", "none"));
    assertEquals(4, none.exitCode(), none.toString());
    assertTrue(
        none.err().contains("--save-plan needs a state store, not --state none"), none.err());
    assertFalse(Files.exists(plan));

    assertEquals(0, save(Map.of()).exitCode());
    CliRun apply = cli(Map.of(), "apply", plan.toString(), "--state", "none");
    assertEquals(4, apply.exitCode(), apply.toString());
    assertTrue(apply.err().contains("not --state none"), apply.err());
    assertFalse(Files.exists(root.resolve("ran-with-5")));
  }

  @Test
  void aPlanDatedAfterNowIsRefusedBeyondAFewMinutesOfClockSkew() throws Exception {
    // signed by this store, made by a node whose clock runs far ahead (or was set ahead)
    CliRun ahead = save(Map.of("PAGETUNE_NOW", "2099-01-01T00:00:00Z"));
    assertEquals(0, ahead.exitCode(), ahead.toString());
    CliRun apply = cli(Map.of(), "apply", plan.toString());
    assertEquals(4, apply.exitCode(), apply.toString());
    assertTrue(
        apply.err().contains(": the plan says it was made at 2099-01-01T00:00:00Z, "), apply.err());
    assertTrue(apply.err().contains("make a new plan"), apply.err());
    assertFalse(Files.exists(root.resolve("ran-with-5")));

    // CliRun's clock is 2026-11-29T10:00:00Z: four minutes ahead is within the skew allowed
    assertEquals(0, save(Map.of("PAGETUNE_NOW", "2026-11-29T10:04:00Z")).exitCode());
    CliRun skewed = cli(Map.of(), "apply", plan.toString());
    assertEquals(0, skewed.exitCode(), skewed.toString());
  }

  @Test
  void aLimitNamingOnlyHostsThePlanDoesNotHoldExits4NamingThem() throws Exception {
    // a second host in the inventory, left out of the plan with --limit
    Files.writeString(
        inventory, Files.readString(inventory) + "    spare:\n      ansible_host: 127.0.0.1\n");
    assertEquals(0, save(Map.of(), "--limit", "box").exitCode());
    CliRun apply = cli(Map.of(), "apply", plan.toString(), "--limit", "spare");
    assertEquals(4, apply.exitCode(), apply.toString());
    assertTrue(
        apply
            .err()
            .contains(
                "--limit:1:1: 'spare' names no host the plan holds (spare); the plan's hosts: box"),
        apply.err());
    assertFalse(Files.exists(root.resolve("ran-with-5")));
  }

  @Test
  void aCommandRenderedOtherwiseThanThePlanShowedRefusesTheHostWithTheDifference()
      throws Exception {
    assertEquals(0, save(Map.of()).exitCode());
    String shown = CliRun.withEnv(Map.of(), "show", plan.toString()).out();
    assertTrue(shown.contains("ran-with-5"), shown);
    // a value read from the host changes after the board approved the plan
    Files.writeString(root.resolve("value"), "9999\n");

    CliRun apply = cli(Map.of(), "apply", plan.toString());
    assertEquals(2, apply.exitCode(), apply.toString());
    String out = apply.out() + apply.err();
    assertTrue(
        out.contains(
            "box: task 'mark' would run a command other than the one the plan approved (refused;"
                + " make a new plan)"),
        out);
    assertTrue(out.contains("-touch " + root.resolve("ran-with-5")), out);
    assertTrue(out.contains("+touch " + root.resolve("ran-with-9999")), out);
    assertTrue(out.contains("Refused while applying: box"), out);
    assertFalse(Files.exists(root.resolve("ran-with-9999")), "the unapproved command never ran");
    assertFalse(Files.exists(root.resolve("ran-with-5")));
  }

  @Test
  void aNoLogCommandRefusedIsNamedByItsTaskOnly() throws Exception {
    Files.writeString(
        playbook,
        Files.readString(playbook)
            .replace("      command: touch", "      no_log: true\n      command: touch"));
    assertEquals(0, save(Map.of()).exitCode());
    assertFalse(Files.readString(plan).contains("ran-with-"), "a no_log command is kept as a hash");
    Files.writeString(root.resolve("value"), "9999\n");

    CliRun apply = cli(Map.of(), "apply", plan.toString());
    assertEquals(2, apply.exitCode(), apply.toString());
    String out = apply.out() + apply.err();
    assertTrue(
        out.contains(
            "box: task 'mark' would run a command other than the one the plan approved (refused;"
                + " make a new plan)"),
        out);
    assertFalse(out.contains("ran-with-"), out);
    assertFalse(Files.exists(root.resolve("ran-with-9999")));

    // unchanged, the same plan's command runs
    Files.writeString(root.resolve("value"), "5\n");
    Files.writeString(root.resolve("pages.conf"), "vm.nr_hugepages = 8\n");
    CliRun again = cli(Map.of(), "apply", plan.toString());
    assertEquals(0, again.exitCode(), again.toString());
    assertTrue(Files.exists(root.resolve("ran-with-5")));
  }

  @Test
  void aSecretNestedInAJsonExtraVarIsKeptAsAHashAndMustBeGivenAgain() throws Exception {
    String vars = "{\"db\": {\"port\": 5432, \"users\": [{\"password\": \"hunter2-nested\"}]}}";
    assertEquals(0, save(Map.of(), "-e", vars).exitCode());
    String text = Files.readString(plan);
    assertFalse(text.contains("hunter2-nested"), text);
    assertTrue(text.contains("5432"), "the rest of the value is kept as it was");

    CliRun missing = cli(Map.of(), "apply", plan.toString());
    assertEquals(4, missing.exitCode(), missing.toString());
    assertTrue(
        missing
            .err()
            .contains(
                "-e:1:1: the plan keeps the secrets in 'db' as hashes only: give it again with -e db=…"),
        missing.err());
    CliRun wrong = cli(Map.of(), "apply", plan.toString(), "-e", vars.replace("hunter2", "guess"));
    assertEquals(4, wrong.exitCode(), wrong.toString());
    assertTrue(wrong.err().contains("'db' is not the value the plan was made with"), wrong.err());
    assertFalse(Files.exists(root.resolve("ran-with-5")));

    CliRun apply = cli(Map.of(), "apply", plan.toString(), "-e", vars);
    assertEquals(0, apply.exitCode(), apply.toString());
    assertTrue(Files.exists(root.resolve("ran-with-5")));
  }

  @Test
  void theSavedPlanIsPrivateToItsOwner() throws Exception {
    Files.writeString(plan, "an older plan readable by all\n");
    Files.setPosixFilePermissions(plan, PosixFilePermissions.fromString("rw-r--r--"));
    assertEquals(0, save(Map.of()).exitCode());
    assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(plan)));
  }
}
