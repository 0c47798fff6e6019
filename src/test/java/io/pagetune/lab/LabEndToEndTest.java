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
    for (String f : new String[] {"sap_ibmi.yml", "solaris_web.yml", "oracle_db.yml", "all.yml"}) {
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
            "");
    Files.writeString(inv.resolve("lab.yml"), hosts);
    return inv.resolve("lab.yml");
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
    CliRun check = run("sap-64k-pages.yml", inv, "--check", "--diff");
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

    CliRun apply = run("sap-64k-pages.yml", inv);
    assertEquals(0, apply.exitCode(), apply::toString);
    assertEquals(1, recap(apply, "pase-nwp", "changed"));
    assertTrue(Files.readString(d00).endsWith("SHMPSIZE=64K\n"), "final newline kept");

    CliRun again = run("sap-64k-pages.yml", inv);
    assertEquals(0, recap(again, "pase-nwp", "changed"), again::toString);
    assertTrue(again.out().contains("pending restart of SAP system NWP"), again::toString);
    CliRun json = run("sap-64k-pages.yml", inv, "--output", "json");
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
    assertTrue(
        broken.out().contains("NWP: disp+work not at the desired page sizes (pid"),
        broken::toString);
    assertTrue(broken.out().contains("SHMPGSZ=4K"), broken::toString);
    assertEquals(seeds, TreeHash.of(Path.of("lab")), "a lab run changed the tracked seeds");
  }

  @Test
  void solarisStartservCheckApplyRestartVerify() throws IOException {
    Path inv = inventory();
    CliRun check = run("solaris-mpss.yml", inv, "--check", "--diff");
    assertEquals(0, check.exitCode(), check::toString);
    String block256 =
        String.join(
            "\n",
            " cd \"$INSTANCE_ROOT\" || exit 1",
            "+# BEGIN pagetune MPSS",
            "+# pagetune run 20261129T100000Z at 2026-11-29T10:00:00Z: LD_PRELOAD_64 +="
                + " /usr/lib/sparcv9/mpss.so.1, MPSSHEAP=256M; also set earlier: LD_PRELOAD_64"
                + " (line 7)",
            "+case \":$LD_PRELOAD_64:\" in",
            "+*:/usr/lib/sparcv9/mpss.so.1:*) ;;",
            "+*) LD_PRELOAD_64=\"${LD_PRELOAD_64:+$LD_PRELOAD_64:}/usr/lib/sparcv9/mpss.so.1\" ;;",
            "+esac",
            "+export LD_PRELOAD_64",
            "+MPSSHEAP=256M",
            "+export MPSSHEAP",
            "+# END pagetune MPSS",
            " exec \"$SERVER_ROOT/lib/webservd-wdog\"");
    assertTrue(check.out().contains(block256), check::toString);
    assertTrue(check.out().contains("+MPSSHEAP=4M\n"), check::toString);
    assertTrue(check.out().contains("+export LD_PRELOAD_32\n"), check::toString);
    assertTrue(
        check.out().contains("would restart: web server /opt/webserver7/https-web1"),
        check::toString);
    assertEquals(1, recap(check, "sol-web256", "pending_restarts"));
    assertEquals(1, recap(check, "sol-web4m", "pending_restarts"));

    CliRun apply = run("solaris-mpss.yml", inv);
    assertEquals(1, recap(apply, "sol-web256", "changed"), apply::toString);
    assertEquals(1, recap(apply, "sol-web4m", "changed"), apply::toString);
    CliRun again = run("solaris-mpss.yml", inv);
    assertEquals(0, recap(again, "sol-web256", "changed"), again::toString);
    assertEquals(0, recap(again, "sol-web4m", "changed"), again::toString);
    Path startserv = root("sol-web256").resolve("opt/webserver7/https-web1/bin/startserv");
    assertTrue(Files.isExecutable(startserv), "mode kept");

    assertEquals(0, run("lab-restart.yml", inv, "--limit", "solaris_web").exitCode());
    CliRun verified = run("page-verify.yml", inv, "--limit", "solaris_web");
    assertEquals(0, verified.exitCode(), verified::toString);
    assertTrue(verified.out().contains("in 256M pages"), verified::toString);
    assertTrue(verified.out().contains("in 4M pages"), verified::toString);

    String text = Files.readString(startserv);
    Files.writeString(
        startserv, text.replaceAll("(?s)# BEGIN pagetune MPSS.*# END pagetune MPSS\\n", ""));
    assertEquals(0, run("lab-restart.yml", inv, "--limit", "sol-web256").exitCode());
    CliRun broken = run("page-verify.yml", inv, "--limit", "solaris_web");
    assertEquals(2, broken.exitCode(), broken::toString);
    assertTrue(
        broken.out().contains("only 0% of webservd's [ heap ] (524304 kB) is in 256M pages"),
        broken::toString);
    assertEquals(0, recap(broken, "sol-web4m", "failed"));
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
