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
    for (String f : new String[] {"sap_ibmi.yml", "sap_aix.yml", "solaris_web.yml", "all.yml"}) {
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
}
