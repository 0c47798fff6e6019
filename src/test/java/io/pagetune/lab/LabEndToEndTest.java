package io.pagetune.lab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.pagetune.testing.CliRun;
import io.pagetune.testing.TreeHash;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The rehearsal hosts end to end, with their lab roots in a temp dir: check with diffs, apply,
 * apply again without changes, restart the stand-in services, verify; then break the setup and see
 * the verification fail with specifics.
 */
class LabEndToEndTest {
  @TempDir Path tmp;

  private Path inventory() throws IOException {
    Path inv = tmp.resolve("inventory");
    Files.createDirectories(inv.resolve("group_vars"));
    for (String f :
        new String[] {
          "sap_ibmi.yml",
          "sap_aix.yml",
          "solaris_web.yml",
          "oracle_db.yml",
          "postgres_db.yml",
          "all.yml"
        }) {
      Files.copy(Path.of("inventory/group_vars").resolve(f), inv.resolve("group_vars").resolve(f));
    }
    Files.copy(Path.of("inventory/windows.yml"), inv.resolve("windows.yml"));
    String hosts =
        String.join(
            "\n",
            "all:",
            "  children:",
            "    sap_ibmi:",
            "      hosts:",
            "        pase-nwp: {ansible_connection: lab, pagetune_lab_root: '"
                + root("pase-nwp")
                + "'}",
            "    sap_aix:",
            "      hosts:",
            "        aix-prd: {ansible_connection: lab, pagetune_lab_root: '"
                + root("aix-prd")
                + "'}",
            "    oracle_db:",
            "      hosts:",
            "        ora-rac: {ansible_connection: lab, oracle_consumers: [oracle, grid],"
                + " pagetune_lab_root: '"
                + root("ora-rac")
                + "'}",
            "    solaris_web:",
            "      hosts:",
            "        sol-web256: {ansible_connection: lab, pagetune_lab_root: '"
                + root("sol-web256")
                + "'}",
            "        sol-web4m: {ansible_connection: lab, pagetune_lab_root: '"
                + root("sol-web4m")
                + "'}",
            webHost("sol-web7stock", "/var/opt/SUNWwbsvr7/https-shop"),
            webHost("sol-handmade", "/opt/webserver7/https-www"),
            webHost("sol-heap4m", "/opt/webserver7/https-www"),
            "    postgres_db:",
            "      hosts:",
            "        pg-db: {ansible_connection: lab, pagetune_lab_root: '" + root("pg-db") + "'}",
            "");
    Files.writeString(inv.resolve("lab.yml"), hosts);
    return inv.resolve("lab.yml");
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

  private static CliRun run(String playbook, Path inventory, String... more) {
    String[] args = new String[4 + more.length];
    args[0] = "run";
    args[1] = "playbooks/" + playbook;
    args[2] = "-i";
    args[3] = inventory.toString();
    System.arraycopy(more, 0, args, 4, more.length);
    return CliRun.of(args);
  }

  private static int recap(CliRun r, String host, String key) {
    Matcher m =
        Pattern.compile(Pattern.quote(host) + "\\s+:.*\\b" + key + "=(\\d+)").matcher(r.out());
    assertTrue(m.find(), () -> "no recap for " + host + ": " + r);
    return Integer.parseInt(m.group(1));
  }

  @Test
  void sapProfilesCheckApplyRestartVerify() throws Exception {
    String seeds = TreeHash.of(Path.of("lab"));
    Path inv = inventory();
    CliRun check = run("sap-64k-pages.yml", inv, "--check", "--diff", "--limit", "sap_ibmi");
    assertEquals(0, check.exitCode(), check::toString);
    String ascsDiff =
        String.join(
            "\n",
            "--- before: /usr/sap/NWP/SYS/profile/NWP_ASCS01_sapnwpas",
            "+++ after: /usr/sap/NWP/SYS/profile/NWP_ASCS01_sapnwpas",
            "@@ -14,3 +14,5 @@",
            " rdisp/msserv = sapmsNWP",
            " enque/table_size = 64000",
            " SETENV_05 = SECUDIR=$(DIR_INSTANCE)/sec",
            "+# pagetune run 20261129T100000Z at 2026-11-29T10:00:00Z: added SETENV_06 ="
                + " LDR_CNTRL=DATAPSIZE=64K@TEXTPSIZE=64K@STACKPSIZE=64K@SHMPSIZE=64K",
            "+SETENV_06 = LDR_CNTRL=DATAPSIZE=64K@TEXTPSIZE=64K@STACKPSIZE=64K@SHMPSIZE=64K");
    assertTrue(check.out().contains(ascsDiff), check::toString);
    assertTrue(
        check
            .out()
            .contains(
                "-SETENV_03 = LDR_CNTRL=MAXDATA=0x80000000@DATAPSIZE=64K\n"
                    + "+# pagetune run 20261129T100000Z at 2026-11-29T10:00:00Z: SETENV_03:"
                    + " LDR_CNTRL MAXDATA=0x80000000@DATAPSIZE=64K ->"
                    + " MAXDATA=0x80000000@DATAPSIZE=64K@TEXTPSIZE=64K@STACKPSIZE=64K@SHMPSIZE=64K\n"
                    + "+SETENV_03 ="
                    + " LDR_CNTRL=MAXDATA=0x80000000@DATAPSIZE=64K@TEXTPSIZE=64K@STACKPSIZE=64K@SHMPSIZE=64K"),
        check::toString);
    assertTrue(check.out().contains("+++ after: /usr/sap/NWP/SYS/profile/START_D02_sapnwpd2"));
    assertTrue(check.out().contains("would restart: SAP system NWP"), check::toString);
    assertEquals(1, recap(check, "pase-nwp", "pending_restarts"));
    Path d00 = root("pase-nwp").resolve("usr/sap/NWP/SYS/profile/NWP_D00_sapnwpas");
    assertTrue(
        !Pattern.compile("(?m)^SETENV_06").matcher(Files.readString(d00)).find(),
        "check changed the profile");

    CliRun apply = run("sap-64k-pages.yml", inv, "--limit", "sap_ibmi");
    assertEquals(0, apply.exitCode(), apply::toString);
    assertEquals(1, recap(apply, "pase-nwp", "changed"));
    assertTrue(Files.readString(d00).endsWith("SHMPSIZE=64K\n"), "final newline kept");

    CliRun again = run("sap-64k-pages.yml", inv, "--limit", "sap_ibmi");
    assertEquals(0, recap(again, "pase-nwp", "changed"), again::toString);
    assertTrue(again.out().contains("pending restart of SAP system NWP"), again::toString);
    CliRun json = run("sap-64k-pages.yml", inv, "--output", "json", "--limit", "sap_ibmi");
    JsonNode result = null;
    for (String line : json.out().split("\n")) {
      JsonNode e = new ObjectMapper().readTree(line);
      if (e.path("event").asText().equals("host_result")
          && e.path("task").asText().startsWith("Ensure LDR_CNTRL")) {
        result = e.get("result");
      }
    }
    assertTrue(result != null, json::toString);
    assertEquals(
        "LDR_CNTRL=DATAPSIZE=64K@TEXTPSIZE=64K@STACKPSIZE=64K@SHMPSIZE=64K",
        result.get("desired").asText());
    assertTrue(result.get("persisted").asBoolean());
    assertTrue(!result.get("effective").asBoolean());
    assertTrue(result.get("pending_restart").asBoolean());

    CliRun before = run("page-verify.yml", inv, "--limit", "sap_ibmi");
    assertEquals(2, before.exitCode(), before::toString);
    assertTrue(before.out().contains("TPGSZ=4K"), before::toString);

    assertEquals(0, run("lab-restart.yml", inv, "--limit", "sap_ibmi").exitCode());
    CliRun after = run("page-verify.yml", inv, "--limit", "sap_ibmi");
    assertEquals(0, after.exitCode(), after::toString);
    assertTrue(after.out().contains("all 4 disp+work at"), after::toString);

    // the profile line removed and the system restarted: verification names what is off
    String text = Files.readString(d00, StandardCharsets.UTF_8);
    Files.writeString(d00, text.replaceAll("(?m)^SETENV_06 = LDR_CNTRL=.*\\n", ""));
    assertEquals(0, run("lab-restart.yml", inv, "--limit", "sap_ibmi").exitCode());
    CliRun broken = run("page-verify.yml", inv, "--limit", "sap_ibmi");
    assertEquals(2, broken.exitCode(), broken::toString);
    // per instance and process kind: only D00 lost its line, so only D00 is named
    assertTrue(
        broken.out().contains("NWP D00: dispatcher disp+work (1 of 1, pid"), broken::toString);
    assertTrue(
        broken.out().contains("NWP D00: work process disp+work (1 of 1, pid"), broken::toString);
    assertTrue(broken.out().contains("NWP D00: gateway gwrd"), broken::toString);
    assertTrue(broken.out().contains("SHMPGSZ=4K"), broken::toString);
    assertTrue(!broken.out().contains("NWP D02:"), broken::toString);
    assertTrue(!broken.out().contains("NWP ASCS01:"), broken::toString);
    assertEquals(seeds, TreeHash.of(Path.of("lab")), "a lab run changed the tracked seeds");
  }

  /** The page_state entries of the last "Ensure LDR_CNTRL" result in a JSON run. */
  private static JsonNode ldrCntrlResult(CliRun json) throws IOException {
    JsonNode result = null;
    for (String line : json.out().split("\n")) {
      JsonNode e = new ObjectMapper().readTree(line);
      if (e.path("event").asText().equals("host_result")
          && e.path("task").asText().startsWith("Ensure LDR_CNTRL")) {
        result = e.get("result");
      }
    }
    assertTrue(result != null, json::toString);
    return result;
  }

  @Test
  void aixProfileChainCheckApplyPartialRestartVerify() throws Exception {
    String seeds = TreeHash.of(Path.of("lab"));
    Path inv = inventory();
    // the profiles live in /sapmnt/PRD/profile: only /usr/sap/sapservices says so
    CliRun check = run("sap-64k-pages.yml", inv, "--check", "--diff", "--limit", "aix-prd");
    assertEquals(0, check.exitCode(), check::toString);
    String ascs =
        String.join(
            "\n",
            "+++ after: /sapmnt/PRD/profile/PRD_ASCS00_aixprdcs",
            "@@ -10,4 +10,6 @@",
            " SETENV_02 = SHLIB_PATH=$(DIR_LIBRARY):%(SHLIB_PATH)",
            " SETENV_03 = LIBPATH=$(DIR_LIBRARY):%(LIBPATH)",
            " SETENV_04 = PATH=$(DIR_EXECUTABLE):%(PATH)",
            "+# pagetune run 20261129T100000Z at 2026-11-29T10:00:00Z: added SETENV_07 ="
                + " LDR_CNTRL=MAXDATA=0x80000000@DATAPSIZE=64K@TEXTPSIZE=64K@STACKPSIZE=64K@SHMPSIZE=64K"
                + " (keeps MAXDATA=0x80000000 of DEFAULT.PFL SETENV_00)",
            "+SETENV_07 ="
                + " LDR_CNTRL=MAXDATA=0x80000000@DATAPSIZE=64K@TEXTPSIZE=64K@STACKPSIZE=64K@SHMPSIZE=64K");
    assertTrue(check.out().contains(ascs), check::toString);
    assertTrue(
        check
            .out()
            .contains(
                "+SETENV_07 = LDR_CNTRL=DATAPSIZE=64K@TEXTPSIZE=64K@STACKPSIZE=64K@SHMPSIZE=64K\n"),
        check::toString);
    assertTrue(
        check.out().contains("does not reach D10: PRD_D10_aixprdap SETENV_00 replaces it)"),
        check::toString);
    assertTrue(check.out().contains("+++ after: /sapmnt/PRD/profile/PRD_ERS20_aixprders"));
    assertTrue(!check.out().contains("DEFAULT.PFL\n"), "DEFAULT.PFL is left alone");
    assertTrue(check.out().contains("would restart: SAP system PRD"), check::toString);

    assertEquals(0, run("sap-64k-pages.yml", inv, "--limit", "aix-prd").exitCode());
    CliRun again = run("sap-64k-pages.yml", inv, "--limit", "aix-prd", "--output", "json");
    JsonNode result = ldrCntrlResult(again);
    assertTrue(result.get("persisted").asBoolean(), result::toString);
    assertTrue(!result.get("effective").asBoolean(), result::toString);
    assertEquals(3, result.get("page_state").size(), result::toString);
    for (JsonNode st : result.get("page_state")) {
      assertTrue(st.get("persisted").asBoolean(), st::toString);
      assertTrue(!st.get("effective").asBoolean(), st::toString);
      assertTrue(st.get("pending_restart").asBoolean(), st::toString);
    }

    // only D10 restarted: the ASCS and the ERS still run at 4K and are named per process kind
    Path one = tmp.resolve("restart-d10.yml");
    Files.writeString(
        one,
        String.join(
            "\n",
            "- name: Restart D10 only",
            "  hosts: aix-prd",
            "  gather_facts: false",
            "  tasks:",
            "    - name: RestartInstance",
            "      command: sapcontrol -nr 10 -function RestartInstance",
            ""));
    assertEquals(0, CliRun.of("run", one.toString(), "-i", inv.toString()).exitCode());
    CliRun partial = run("page-verify.yml", inv, "--limit", "aix-prd");
    assertEquals(2, partial.exitCode(), partial::toString);
    assertTrue(
        partial.out().contains("PRD ASCS00: message server ms.sapPRD_ASCS00 (1 of 1, pid"),
        partial::toString);
    assertTrue(
        partial.out().contains("PRD ASCS00: enqueue server en.sapPRD_ASCS00 (1 of 1, pid"),
        partial::toString);
    assertTrue(
        partial.out().contains("PRD ERS20: enqueue replicator er.sapPRD_ERS20"), partial::toString);
    assertTrue(!partial.out().contains("PRD D10:"), partial::toString);
    JsonNode states =
        ldrCntrlResult(run("sap-64k-pages.yml", inv, "--limit", "aix-prd", "--output", "json"))
            .get("page_state");
    assertEquals("sap/PRD/ASCS00", states.get(0).get("target").asText());
    assertTrue(!states.get(0).get("effective").asBoolean(), states::toString);
    assertEquals("sap/PRD/D10", states.get(1).get("target").asText());
    assertTrue(states.get(1).get("effective").asBoolean(), states::toString);
    assertTrue(!states.get(2).get("effective").asBoolean(), states::toString);

    // the whole system restarted: every instance effective
    assertEquals(0, run("lab-restart.yml", inv, "--limit", "aix-prd").exitCode());
    CliRun after = run("page-verify.yml", inv, "--limit", "aix-prd");
    assertEquals(0, after.exitCode(), after::toString);
    assertTrue(
        after.out().contains("every other process of the 3 instances (ASCS00, D10, ERS20)"),
        after::toString);
    assertEquals(seeds, TreeHash.of(Path.of("lab")), "a lab run changed the tracked seeds");
  }

  @Test
  void solarisStartservCheckApplyRestartVerify() throws IOException {
    String seeds = TreeHash.of(Path.of("lab"));
    Path inv = inventory();
    CliRun check = run("solaris-mpss.yml", inv, "--check", "--diff");
    assertEquals(0, check.exitCode(), check::toString);
    String block256 =
        String.join(
            "\n",
            " cd \"$INSTANCE_ROOT\" || exit 1",
            "+# BEGIN pagetune MPSS",
            "+# pagetune run 20261129T100000Z at 2026-11-29T10:00:00Z: LD_PRELOAD_64 +="
                + " /usr/lib/sparcv9/mpss.so.1 (keeps /opt/monitor/lib/64/libtrace.so.1),"
                + " MPSSHEAP=256M",
            "+case \" $LD_PRELOAD_64 \" in",
            "+*[\\ :]/usr/lib/sparcv9/mpss.so.1[\\ :]*) ;;",
            "+*) LD_PRELOAD_64=\"${LD_PRELOAD_64:+$LD_PRELOAD_64 }/usr/lib/sparcv9/mpss.so.1\" ;;",
            "+esac",
            "+export LD_PRELOAD_64",
            "+MPSSHEAP=256M",
            "+export MPSSHEAP",
            "+# END pagetune MPSS",
            " exec \"$SERVER_ROOT/lib/webservd-wdog\"");
    assertTrue(check.out().contains(block256), check::toString);
    // 32-bit with a generic LD_PRELOAD: LD_PRELOAD_32 starts from its 32-bit entries
    assertTrue(
        check
            .out()
            .contains(
                "+LD_PRELOAD_32=\"${LD_PRELOAD_32:-/opt/monitor/lib/libtrace.so.1}\"\n"
                    + "+case \" $LD_PRELOAD_32 \" in\n"),
        check::toString);
    assertTrue(check.out().contains("+MPSSHEAP=4M\n"), check::toString);
    // the stock script: inside the --start arm, libumem kept
    assertTrue(
        check
            .out()
            .contains(
                "     --start|-start)\n"
                    + "+        # BEGIN pagetune MPSS\n"
                    + "+        # pagetune run 20261129T100000Z at 2026-11-29T10:00:00Z:"
                    + " LD_PRELOAD_64 += /usr/lib/sparcv9/mpss.so.1 (keeps"
                    + " /usr/lib/64/libumem.so), MPSSHEAP=256M\n"),
        check::toString);
    // the wrong hand-made heap corrected in place
    assertTrue(
        check
            .out()
            .contains(
                "-MPSSHEAP=4M; export MPSSHEAP\n"
                    + "+# pagetune run 20261129T100000Z at 2026-11-29T10:00:00Z: MPSSHEAP 4M ->"
                    + " 256M in place (line 6)\n"
                    + "+MPSSHEAP=256M; export MPSSHEAP\n"),
        check::toString);
    assertTrue(
        check.out().contains("would restart: web server /opt/webserver7/https-web1"),
        check::toString);
    assertTrue(
        check.out().contains("would restart: web server /var/opt/SUNWwbsvr7/https-shop"),
        check::toString);
    for (String h : new String[] {"sol-web256", "sol-web4m", "sol-web7stock", "sol-heap4m"}) {
      assertEquals(1, recap(check, h, "changed"), h);
      assertEquals(1, recap(check, h, "pending_restarts"), h);
    }
    assertEquals(0, recap(check, "sol-handmade", "changed"));
    assertTrue(!check.out().contains("changed: [sol-handmade]"), check::toString);

    CliRun json = run("solaris-mpss.yml", inv, "--check", "--output", "json");
    JsonNode stock = webResult(json, "sol-web7stock");
    assertEquals(
        "LD_PRELOAD_64 += /usr/lib/sparcv9/mpss.so.1, MPSSHEAP=256M",
        stock.get("desired").asText());
    assertTrue(!stock.get("persisted").asBoolean());
    JsonNode state = stock.get("page_state").get(0);
    assertEquals("web/https-shop", state.get("target").asText());
    assertEquals(
        "LD_PRELOAD_64=/usr/lib/64/libumem.so; MPSSHEAP=(not set)",
        state.get("persisted_value").asText());
    assertEquals("worker pid 4002: 8K:100%", state.get("effective_value").asText());
    JsonNode handmade = webResult(json, "sol-handmade");
    assertTrue(handmade.get("persisted").asBoolean());
    assertTrue(handmade.get("effective").asBoolean());
    assertTrue(!handmade.get("pending_restart").asBoolean());

    CliRun apply = run("solaris-mpss.yml", inv);
    assertEquals(0, apply.exitCode(), apply::toString);
    assertEquals(1, recap(apply, "sol-web256", "changed"), apply::toString);
    assertEquals(1, recap(apply, "sol-web4m", "changed"), apply::toString);
    assertEquals(1, recap(apply, "sol-web7stock", "changed"), apply::toString);
    assertEquals(1, recap(apply, "sol-heap4m", "changed"), apply::toString);
    assertEquals(0, recap(apply, "sol-handmade", "changed"), apply::toString);
    CliRun again = run("solaris-mpss.yml", inv);
    for (String h :
        new String[] {"sol-web256", "sol-web4m", "sol-web7stock", "sol-handmade", "sol-heap4m"}) {
      assertEquals(0, recap(again, h, "changed"), again::toString);
    }
    Path startserv = root("sol-web256").resolve("opt/webserver7/https-web1/bin/startserv");
    assertTrue(Files.isExecutable(startserv), "mode kept");
    String heap4m =
        Files.readString(root("sol-heap4m").resolve("opt/webserver7/https-www/bin/startserv"));
    assertEquals(1, heap4m.split("MPSSHEAP=", -1).length - 1, heap4m);

    assertEquals(0, run("lab-restart.yml", inv, "--limit", "solaris_web").exitCode());
    CliRun verified = run("page-verify.yml", inv, "--limit", "solaris_web");
    assertEquals(0, verified.exitCode(), verified::toString);
    assertTrue(
        verified
            .out()
            .contains(
                "/var/opt/SUNWwbsvr7/https-shop: 100% of the worker webservd's (pid 4002) [ heap"
                    + " ] in 256M pages"),
        verified::toString);
    assertTrue(verified.out().contains("in 4M pages"), verified::toString);

    String text = Files.readString(startserv);
    Files.writeString(
        startserv, text.replaceAll("(?s)# BEGIN pagetune MPSS.*# END pagetune MPSS\\n", ""));
    assertEquals(0, run("lab-restart.yml", inv, "--limit", "sol-web256").exitCode());
    // a stopped instance is reported as not running, not judged by another process
    labTool(root("sol-web7stock"), "svcadm", "disable", "https-shop");
    CliRun broken = run("page-verify.yml", inv, "--limit", "solaris_web");
    assertEquals(2, broken.exitCode(), broken::toString);
    assertTrue(
        broken
            .out()
            .contains(
                "only 0% of the worker webservd's (pid 4002) [ heap ] (524304 kB) is in 256M"
                    + " pages"),
        broken::toString);
    assertTrue(
        broken
            .out()
            .contains("/var/opt/SUNWwbsvr7/https-shop: not running, so its heap cannot be checked"),
        broken::toString);
    assertEquals(0, recap(broken, "sol-web4m", "failed"));

    // /etc/mpss.conf naming webservd overrides MPSSHEAP: refused, with file and line
    Path conf = Files.createDirectories(root("sol-handmade").resolve("etc")).resolve("mpss.conf");
    Files.writeString(conf, "# site defaults\nwebservd:4M:\n");
    CliRun overridden = run("solaris-mpss.yml", inv, "--check", "--limit", "sol-handmade");
    assertEquals(2, overridden.exitCode(), overridden::toString);
    assertTrue(
        overridden
            .out()
            .contains(
                "/etc/mpss.conf:2: entry webservd sets the heap of webservd to '4M', which"
                    + " overrides MPSSHEAP=256M"),
        overridden::toString);
    assertEquals(seeds, TreeHash.of(Path.of("lab")), "a lab run changed the tracked seeds");
  }

  private static void labTool(Path root, String tool, String... args) throws IOException {
    java.util.List<String> cmd = new java.util.ArrayList<>();
    cmd.add(Path.of("lab/bin", tool).toAbsolutePath().toString());
    cmd.addAll(java.util.List.of(args));
    ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true);
    pb.environment().put("PAGETUNE_LAB_ROOT", root.toString());
    try {
      Process p = pb.start();
      String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
      assertEquals(0, p.waitFor(), tool + ": " + out);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException(e);
    }
  }

  private static JsonNode webResult(CliRun json, String host) throws IOException {
    for (String line : json.out().split("\n")) {
      JsonNode e = new ObjectMapper().readTree(line);
      if (e.path("event").asText().equals("host_result")
          && e.path("host").asText().equals(host)
          && e.path("task").asText().startsWith("Ensure MPSS")) {
        return e.get("result");
      }
    }
    throw new AssertionError("no result for " + host + ": " + json);
  }

  @Test
  void oracleRacPersistsWhereTheWinningFilesAreAndConverges() throws IOException {
    String seeds = TreeHash.of(Path.of("lab"));
    Path inv = inventory();
    CliRun check = run("oracle-hugepages.yml", inv, "--check", "--diff");
    assertEquals(0, check.exitCode(), check::toString);
    for (String expected :
        List.of(
            "+++ after: /etc/sysctl.conf\n",
            "-vm.nr_hugepages = 1024\n+vm.nr_hugepages = 1028\n",
            "-vm.hugetlb_shm_group = 54322\n+vm.hugetlb_shm_group = 54321\n",
            "-oracle   hard   memlock    134217728\n",
            "+oracle   soft   memlock    237623500\n",
            "transparent_hugepage=never\"\n",
            "vm.nr_hugepages: /etc/sysctl.conf:5 (1024) would win over"
                + " /etc/sysctl.d/97-pagetune-hugepages.conf; edited in place",
            "would restart: reboot of ora-rac")) {
      assertTrue(check.out().contains(expected), () -> expected + " not in " + check);
    }
    Path conf = root("ora-rac").resolve("etc/sysctl.conf");
    assertTrue(Files.readString(conf).contains("vm.nr_hugepages = 1024\n"), "check changed it");

    CliRun apply = run("oracle-hugepages.yml", inv);
    assertEquals(0, apply.exitCode(), apply::toString);
    assertEquals(1, recap(apply, "ora-rac", "changed"));
    assertTrue(Files.readString(conf).contains("vm.nr_hugepages = 1028\n"));
    CliRun again = run("oracle-hugepages.yml", inv, "--output", "json");
    JsonNode result = null;
    for (String line : again.out().split("\n")) {
      JsonNode e = new ObjectMapper().readTree(line);
      if (e.path("event").asText().equals("host_result")
          && e.path("host").asText().equals("ora-rac")) {
        result = e.get("result");
      }
    }
    assertTrue(result != null, again::toString);
    assertEquals(false, result.path("changed").asBoolean(), again::toString);
    assertTrue(result.get("persisted").asBoolean(), again::toString);
    assertTrue(!result.get("effective").asBoolean());
    assertTrue(result.get("pending_restart").asBoolean());
    JsonNode states = result.get("page_state");
    assertEquals(5, states.size(), again::toString);
    assertEquals("oracle/hugepages", states.get(0).get("target").asText());
    assertEquals(
        "vm.nr_hugepages = 1028 (/etc/sysctl.conf:5)",
        states.get(0).get("persisted_value").asText());
    assertEquals("HugePages_Total=512 of 2M", states.get(0).get("effective_value").asText());
    assertEquals(
        "su - oracle: soft 237623500, hard 237623500",
        states.get(2).get("effective_value").asText());
    assertTrue(states.get(2).get("effective").asBoolean());
    assertEquals("oracle/memlock/grid", states.get(3).get("target").asText());
    assertEquals(
        "su - grid: soft 237623500, hard 237623500", states.get(3).get("effective_value").asText());
    assertEquals("always", states.get(4).get("effective_value").asText());
    assertEquals(seeds, TreeHash.of(Path.of("lab")), "a lab run changed the tracked seeds");
  }
}
