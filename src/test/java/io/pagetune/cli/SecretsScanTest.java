package io.pagetune.cli;

import static com.github.tomakehurst.wiremock.client.WireMock.aResponse;
import static com.github.tomakehurst.wiremock.client.WireMock.anyRequestedFor;
import static com.github.tomakehurst.wiremock.client.WireMock.anyUrl;
import static com.github.tomakehurst.wiremock.client.WireMock.get;
import static com.github.tomakehurst.wiremock.client.WireMock.patch;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathEqualTo;
import static com.github.tomakehurst.wiremock.client.WireMock.urlPathMatching;
import static com.github.tomakehurst.wiremock.core.WireMockConfiguration.options;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.tomakehurst.wiremock.WireMockServer;
import io.pagetune.testing.ChildPagetune;
import io.pagetune.testing.SshServerExtension;
import io.pagetune.testing.TestSshHost;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The secrets scan: a playbook with {@code no_log} tasks, {@code -e} secrets (top level and nested
 * in a JSON value), become over SSH (a stand-in sudo checking the password) and a ServiceNow change
 * window (WireMock, basic auth) goes through run with {@code -vv}, check, a saved plan, show, apply
 * PLAN, rollback (check and real), history, status and every report; pagetune runs as a child
 * process with its secret variables set. None of the secrets appears in any output, the saved plan,
 * any report file, or the environment of a command pagetune started on the control node. Only the
 * private state store may keep them. Every leak is listed, not just the first. Values from an
 * ansible-vault encrypted {@code group_vars} file and an inline {@code !vault} value, written by a
 * task without {@code no_log}, are secrets as well.
 */
class SecretsScanTest {
  private static final String TOP = "Top-Secret-c0ffee-11";
  private static final String NESTED = "Nested-Token-beef-22";
  private static final String BECOME = "Become-Pw-d00d-33";
  private static final String SNOW = "Snow-Pw-f00d-44";
  private static final String NO_LOG_TEXT = "NoLog-Literal-5555";
  private static final String SSH_PW = "Ssh-Pw-a11-66";
  private static final String STATE_PW = "State-Pw-b22-77";
  private static final String SAP_PW = "Sap-Pw-c33-88";
  private static final String VAULT_FILE_PW = "Vault-Scan-Pw-99";
  private static final String VAULT_INLINE = "Inline-Secret-7b2";
  private static final String TABLE = "/api/now/table/change_request";

  @RegisterExtension final SshServerExtension ssh = new SshServerExtension();
  @TempDir Path dir;
  private WireMockServer snow;
  private final List<String> failures = new ArrayList<>();
  private final List<Path> scanned = new ArrayList<>();
  private int step;

  @BeforeEach
  void startServiceNow() {
    snow = new WireMockServer(options().dynamicPort().bindAddress("127.0.0.1"));
    snow.start();
    // an approved change in the future: the restart is queued for it, never run now
    snow.stubFor(
        get(urlPathEqualTo(TABLE))
            .willReturn(
                aResponse()
                    .withHeader("Content-Type", "application/json")
                    .withBody(
                        "{\"result\":[{\"number\":\"CHG0040007\",\"state\":\"-2\","
                            + "\"start_date\":\"2026-12-06 01:00:00\","
                            + "\"end_date\":\"2026-12-06 05:00:00\","
                            + "\"sys_id\":\"a9e9c33dc61122760072455df62663d2\"}]}")));
    snow.stubFor(
        patch(urlPathMatching(TABLE + "/.*"))
            .willReturn(aResponse().withStatus(200).withBody("{\"result\":{}}")));
  }

  /** The board approved the saved plan and the change is in Implement, so apply may run it. */
  private void approveInServiceNow(Path plan) throws Exception {
    String digest =
        new com.fasterxml.jackson.databind.ObjectMapper()
            .readTree(plan.toFile())
            .path("digest")
            .asText();
    snow.stubFor(
        get(urlPathEqualTo(TABLE))
            .willReturn(
                aResponse()
                    .withHeader("Content-Type", "application/json")
                    .withBody(
                        "{\"result\":[{\"number\":\"CHG0040007\",\"state\":\"-1\","
                            + "\"start_date\":\"2026-12-06 01:00:00\","
                            + "\"end_date\":\"2026-12-06 05:00:00\","
                            + "\"sys_id\":\"a9e9c33dc61122760072455df62663d2\"}]}")));
    snow.stubFor(
        get(urlPathEqualTo("/api/now/attachment"))
            .willReturn(
                aResponse()
                    .withHeader("Content-Type", "application/json")
                    .withBody(
                        "{\"result\":[{\"sys_id\":\"0123456789abcdef0123456789abcdef\","
                            + "\"file_name\":\"pagetune-plan.sha256\","
                            + "\"sys_created_on\":\"2026-12-06 00:10:00\"}]}")));
    snow.stubFor(
        get(urlPathEqualTo("/api/now/attachment/0123456789abcdef0123456789abcdef/file"))
            .willReturn(
                aResponse().withHeader("Content-Type", "text/plain").withBody(digest + "\n")));
  }

  @AfterEach
  void stopServiceNow() {
    snow.stop();
  }

  @Test
  void noSecretReachesAnyOutputPlanReportOrChildEnvironment() throws Exception {
    Path inventory = fleet();
    Path playbook = playbook();
    String[] extraVars = {
      "-e", "db_password=" + TOP, "-e", "{\"vault\": {\"api_token\": \"" + NESTED + "\"}}"
    };

    String run =
        pagetune(
            0,
            "run -vv",
            cat(
                args(
                    "run",
                    playbook,
                    "-i",
                    inventory,
                    "--diff",
                    "-vv",
                    "--report",
                    dir.resolve("run.html"),
                    "--junit",
                    dir.resolve("run.xml")),
                extraVars));
    String runId = runId(run);
    pagetune(
        0,
        "run --check",
        cat(args("run", playbook, "-i", inventory, "--check", "--diff"), extraVars));
    pagetune(0, "rollback --check", args("rollback", runId, "-i", inventory, "--check", "--diff"));
    pagetune(0, "rollback", args("rollback", runId, "-i", inventory, "--diff"));
    Path plan = dir.resolve("chg.plan");
    pagetune(
        0,
        "run --check --save-plan",
        cat(
            args("run", playbook, "-i", inventory, "--check", "--diff", "--save-plan", plan),
            extraVars));
    scan("saved plan", plan);
    pagetune(0, "show", args("show", plan));
    pagetune(0, "show --output json", args("show", plan, "--output", "json"));
    approveInServiceNow(plan);
    pagetune(
        0,
        "apply PLAN",
        cat(
            args(
                "apply",
                plan,
                "-i",
                inventory,
                "--diff",
                "--report",
                dir.resolve("apply.html"),
                "--junit",
                dir.resolve("apply.xml")),
            extraVars));
    pagetune(0, "history", args("history"));
    pagetune(0, "history RUN", args("history", runId));
    pagetune(0, "history --output json", args("history", runId, "--output", "json"));
    pagetune(-1, "status", args("status", "-i", inventory, "--report", dir.resolve("status.html")));
    pagetune(-1, "status --output json", args("status", "-i", inventory, "--output", "json"));
    pagetune(0, "inventory --list", args("inventory", "-i", inventory, "--list"));
    pagetune(
        0,
        "run --output json",
        cat(args("run", playbook, "-i", inventory, "--output", "json"), extraVars));
    for (String report : List.of("run.html", "run.xml", "apply.html", "apply.xml", "status.html")) {
      scan("report " + report, dir.resolve(report));
    }
    // what the commands pagetune started on the control node saw
    try (var envs = Files.list(dir.resolve("envs"))) {
      for (Path env : envs.toList()) {
        scan("child environment " + env.getFileName(), env);
      }
    }

    assertTrue(scanned.size() >= 20, "too little scanned: " + scanned);
    assertTrue(Files.exists(dir.resolve("box").resolve("app.conf")), "the no_log task never wrote");
    assertTrue(
        Files.readString(dir.resolve("box").resolve("vault.conf"))
            .equals("pw=" + VAULT_FILE_PW + "\ntoken=" + VAULT_INLINE + "\n"),
        "the vault values were not written decrypted");
    assertTrue(
        !snow.findAll(anyRequestedFor(anyUrl())).isEmpty()
            && snow.findAll(anyRequestedFor(anyUrl())).stream()
                .allMatch(r -> r.containsHeader("Authorization")),
        "ServiceNow was not asked with its password");
    assertTrue(failures.isEmpty(), String.join("\n", failures));
  }

  /** One SSH host with a stand-in sudo (checking BECOME) and the ServiceNow window. */
  private Path fleet() throws IOException {
    Path bin = Files.createDirectories(dir.resolve("bin"));
    try (InputStream fake =
        SecretsScanTest.class.getResourceAsStream("/connection/ssh/fake-sudo")) {
      Files.copy(fake, bin.resolve("sudo"));
    }
    Files.setPosixFilePermissions(
        bin.resolve("sudo"), PosixFilePermissions.fromString("rwxr-xr-x"));
    Files.writeString(bin.resolve("password"), BECOME + "\n");
    TestSshHost server = ssh.start(TestSshHost.Options.defaults().withPathPrefix(bin));
    Path root = Files.createDirectories(dir.resolve("box"));
    Files.createDirectories(dir.resolve("envs"));
    Files.writeString(root.resolve("pages.conf"), "vm.nr_hugepages = 0\n");
    Files.writeString(dir.resolve("windows.yml"), "windows:\n  chg: { servicenow: CHG0040007 }\n");
    Files.writeString(
        Files.createDirectories(dir.resolve("group_vars").resolve("all")).resolve("vault.yml"),
        VaultRunTest.fixture("scan-vault.yml"));
    Files.writeString(dir.resolve("vault.pw"), "alpha-pass\n");
    return Files.writeString(
        dir.resolve("hosts.yml"),
        "all:\n  hosts:\n    box:\n      ansible_host: 127.0.0.1\n      ansible_port: "
            + server.port()
            + "\n      ansible_user: "
            + ssh.user()
            + "\n      ansible_ssh_private_key_file: "
            + ssh.clientKey()
            + "\n      pagetune_change_window: chg\n      root: "
            + root
            + "\n      envs: "
            + dir.resolve("envs")
            + "\n");
  }

  private Path playbook() throws IOException {
    return Files.writeString(
        dir.resolve("site.yml"),
        String.join(
            "\n",
            "- hosts: all",
            "  gather_facts: false",
            "  vars:",
            VaultRunTest.fixture("s11.txt").replace("api_token: ", "    api_token: "),
            "  tasks:",
            "    - name: vault values",
            "      copy:",
            "        dest: \"${root}/vault.conf\"",
            "        content: \"pw=${vault_app_pw}\\ntoken=${api_token}\\n\"",
            "    - name: secret config",
            "      no_log: true",
            "      copy:",
            "        dest: \"${root}/app.conf\"",
            "        mode: \"0600\"",
            "        content: \""
                + NO_LOG_TEXT
                + "\\npassword=${db_password}\\ntoken=${vault.api_token}\\n\"",
            "    - name: secret command",
            "      no_log: true",
            "      shell: \"test '${db_password}' = "
                + TOP
                + " && echo ${vault.api_token} "
                + NO_LOG_TEXT
                + "\"",
            "      register: said",
            "    - name: as root",
            "      become: true",
            "      copy: { dest: \"${root}/root.conf\", content: \"written through sudo\\n\" }",
            "    - name: pool setting",
            "      copy: { dest: \"${root}/pages.conf\", content: \"vm.nr_hugepages = 512\\n\" }",
            "      notify: restart web",
            "    - name: control node environment",
            "      delegate_to: localhost",
            "      shell: env > \"${envs}/env-$$\"",
            "      check_mode: false",
            "  handlers:",
            "    - name: restart web",
            "      request_restart: { kind: web_server, id: web1, reason: pages changed }",
            ""));
  }

  /** Runs pagetune as a child with its secret variables set; scans and returns its output. */
  private String pagetune(int expectedExit, String what, List<String> args)
      throws InterruptedException {
    Map<String, String> env = new LinkedHashMap<>();
    env.put("PAGETUNE_STATE", dir.resolve("state.db").toString());
    env.put("PAGETUNE_NOW", "2026-12-05T10:00:00Z");
    env.put("PAGETUNE_BECOME_PASSWORD", BECOME);
    env.put("PAGETUNE_SNOW_INSTANCE", "http://127.0.0.1:" + snow.port());
    env.put("PAGETUNE_SNOW_USER", "pagetune");
    env.put("PAGETUNE_SNOW_PASSWORD", SNOW);
    env.put("PAGETUNE_SSH_PASSWORD", SSH_PW);
    env.put("PAGETUNE_STATE_PASSWORD", STATE_PW);
    env.put("PAGETUNE_SAPCONTROL_PASSWORD", SAP_PW);
    List<String> all = new ArrayList<>(args);
    if (List.of("run", "apply", "rollback", "status").contains(args.get(0))) {
      all.addAll(List.of("--known-hosts", ssh.knownHosts().toString()));
    }
    if (args.get(0).equals("run")) {
      all.addAll(List.of("--progress", "none"));
    }
    if (args.contains("-i")) {
      all.addAll(List.of("--vault-password-file", dir.resolve("vault.pw").toString()));
    }
    Path output = dir.resolve("out-" + (++step) + ".txt");
    ChildPagetune child = ChildPagetune.start(output, env, Map.of(), all.toArray(String[]::new));
    int exit = child.await(Duration.ofSeconds(180));
    if (expectedExit >= 0 && exit != expectedExit) {
      failures.add(
          what + ": exit " + exit + " (expected " + expectedExit + "):\n" + child.output());
    }
    scan(what + " output", output);
    return child.output();
  }

  private void scan(String what, Path file) {
    if (!Files.exists(file)) {
      failures.add(what + ": " + file.getFileName() + " was not written");
      return;
    }
    scanned.add(file);
    String text;
    try {
      text = new String(Files.readAllBytes(file), StandardCharsets.UTF_8);
    } catch (IOException e) {
      failures.add(what + ": cannot read: " + e);
      return;
    }
    Map<String, String> secrets = new LinkedHashMap<>();
    secrets.put("-e db_password", TOP);
    secrets.put("nested -e vault.api_token", NESTED);
    secrets.put("become password", BECOME);
    secrets.put("ServiceNow password", SNOW);
    secrets.put("no_log content", NO_LOG_TEXT);
    secrets.put("PAGETUNE_SSH_PASSWORD", SSH_PW);
    secrets.put("PAGETUNE_STATE_PASSWORD", STATE_PW);
    secrets.put("PAGETUNE_SAPCONTROL_PASSWORD", SAP_PW);
    secrets.put("encrypted group_vars value", VAULT_FILE_PW);
    secrets.put("inline !vault value", VAULT_INLINE);
    secrets.forEach(
        (name, value) -> {
          int at = text.indexOf(value);
          if (at >= 0) {
            int from = text.lastIndexOf('\n', at) + 1;
            int to = text.indexOf('\n', at);
            failures.add(
                what + ": " + name + " in: " + text.substring(from, to < 0 ? text.length() : to));
          }
        });
  }

  private static String runId(String output) {
    Matcher m = Pattern.compile("Run (\\S+) \\(pagetune history").matcher(output);
    assertTrue(m.find(), output);
    return m.group(1);
  }

  private static List<String> args(Object... parts) {
    List<String> out = new ArrayList<>();
    for (Object p : parts) {
      out.add(p.toString());
    }
    return out;
  }

  private static List<String> cat(List<String> args, String[] more) {
    List<String> out = new ArrayList<>(args);
    out.addAll(List.of(more));
    return out;
  }
}
