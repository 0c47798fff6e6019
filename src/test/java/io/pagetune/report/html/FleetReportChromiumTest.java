package io.pagetune.report.html;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.pagetune.report.junit.JUnitSchema;
import io.pagetune.testing.CliRun;
import io.pagetune.testing.HeadlessChromium;
import io.pagetune.testing.SshServerExtension;
import io.pagetune.testing.TestSshHost;
import java.io.StringReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.w3c.dom.Document;
import org.xml.sax.InputSource;

/**
 * Whole fleet runs over SSH (an in-process server on loopback) write the HTML report and the JUnit
 * XML; the report is opened from file:// in Debian's headless Chromium and checked from its DOM:
 * every host, state and diff is there, the state and group filters work without script, the page
 * makes no request, and it loads within the 2 s budget at 1,000 hosts. Screenshots are kept under
 * target/report-screenshots/.
 */
@Tag("interop")
class FleetReportChromiumTest {
  private static final Duration BUDGET = Duration.ofSeconds(2);

  @RegisterExtension final SshServerExtension ssh = new SshServerExtension();

  /** What each host should end as, and the fleet's inventory. */
  private record Fleet(Path inventory, Path playbook, Map<String, String> expected) {}

  /**
   * {@code size} hosts: every 50th is on a closed port (unreachable), every 25th is in group {@code
   * legacy} whose kernel the playbook refuses, the rest would change a file (check mode).
   */
  private Fleet fleet(int size) throws Exception {
    // a server per 200 hosts, as a fleet has many sshd: one server holding 1,000 sessions is slow
    List<TestSshHost> servers = ssh.start((size + 199) / 200, TestSshHost.Options.defaults());
    int closed;
    try (java.net.ServerSocket s =
        new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      closed = s.getLocalPort();
    }
    Map<String, String> expected = new LinkedHashMap<>();
    StringBuilder web = new StringBuilder();
    StringBuilder legacy = new StringBuilder();
    for (int i = 1; i <= size; i++) {
      String name = String.format("host%04d", i);
      TestSshHost server = servers.get(i % servers.size());
      Path root = server.workDir().resolve(name);
      Files.createDirectories(root);
      boolean down = i % 50 == 0;
      String line =
          "        "
              + name
              + ": {ansible_host: 127.0.0.1, ansible_port: "
              + (down ? closed : server.port())
              + ", root: '"
              + root
              + "', pages: "
              + (1000 + i)
              + "}\n";
      if (down) {
        expected.put(name, "unreachable");
        web.append(line);
      } else if (i % 25 == 0) {
        expected.put(name, "refused");
        legacy.append(line);
      } else {
        expected.put(name, "would-change");
        web.append(line);
      }
    }
    Path inv = ssh.root().resolve("fleet.yml");
    Files.writeString(
        inv,
        "all:\n  vars:\n    ansible_user: "
            + ssh.user()
            + "\n    ansible_ssh_private_key_file: "
            + ssh.clientKey()
            + "\n  children:\n    web:\n      hosts:\n"
            + web
            + "    legacy:\n      vars: {kernel: '7.53 PL 900'}\n      hosts:\n"
            + legacy);
    Path play = ssh.root().resolve("pages.yml");
    Files.writeString(
        play,
        String.join(
            "\n",
            "- name: Pages",
            "  hosts: all",
            "  gather_facts: false",
            "  tasks:",
            "    - name: Refuse old kernels",
            "      fail: { msg: \"SAP kernel ${kernel} is below the minimum 7.53 PL 1112\" }",
            "      when: kernel??",
            "    - name: Persist the pool",
            "      copy: { dest: \"${root}/pages.conf\", content: \"vm.nr_hugepages = ${pages}\\n\" }",
            ""));
    return new Fleet(inv, play, expected);
  }

  private CliRun run(Fleet f, Path report, Path junit) {
    return CliRun.of(
        "run",
        f.playbook().toString(),
        "-i",
        f.inventory().toString(),
        "--check",
        "--diff",
        "--known-hosts",
        ssh.knownHosts().toString(),
        "--progress",
        "none",
        "--state",
        "none",
        "--report",
        report.toString(),
        "--junit",
        junit.toString());
  }

  private static Path screenshots() throws Exception {
    return Files.createDirectories(Path.of("target", "report-screenshots"));
  }

  /** Milliseconds from navigation start to the end of the load event, as the page measured it. */
  private static long loadMillis(HeadlessChromium chromium) throws Exception {
    return chromium
        .eval(
            "(() => { const n = performance.getEntriesByType('navigation')[0];"
                + " return Math.round(n.loadEventEnd - n.startTime); })()")
        .asLong();
  }

  private static Set<String> visibleHosts(HeadlessChromium chromium) throws Exception {
    JsonNode names =
        chromium.eval(
            "[...document.querySelectorAll('details.host')]"
                + ".filter(e => getComputedStyle(e).display !== 'none')"
                + ".map(e => e.dataset.host)");
    Set<String> out = new TreeSet<>();
    names.forEach(n -> out.add(n.asText()));
    return out;
  }

  private static Set<String> hostsWith(Map<String, String> expected, String state) {
    Set<String> out = new TreeSet<>();
    expected.forEach(
        (h, s) -> {
          if (s.equals(state)) {
            out.add(h);
          }
        });
    return out;
  }

  @Test
  void threeHundredHostRunReportRendersInChromiumAndItsJUnitValidates() throws Exception {
    Fleet f = fleet(300);
    Path report = ssh.root().resolve("fleet.html");
    Path junit = ssh.root().resolve("fleet.xml");
    CliRun run = run(f, report, junit);
    assertEquals(2, run.exitCode(), () -> run.err() + run.out().lines().limit(40).toList());

    String xml = Files.readString(junit);
    JUnitSchema.validate(xml);
    Document d =
        DocumentBuilderFactory.newInstance()
            .newDocumentBuilder()
            .parse(new InputSource(new StringReader(xml)));
    long unreachable = hostsWith(f.expected(), "unreachable").size();
    long refused = hostsWith(f.expected(), "refused").size();
    assertEquals(300, d.getElementsByTagName("testsuite").getLength());
    assertEquals(
        String.valueOf(unreachable + refused),
        d.getDocumentElement().getAttribute("failures"),
        "a failure per refused and per unreachable host");
    assertTrue(xml.contains("would change"), "check-mode changes show in the output");

    try (HeadlessChromium chromium = HeadlessChromium.start()) {
      String url = report.toUri().toString();
      Duration wall = chromium.open(url);
      long load = loadMillis(chromium);
      System.out.printf(
          "300-host report: %d bytes, load %d ms, open %d ms%n",
          Files.size(report), load, wall.toMillis());
      assertTrue(load < BUDGET.toMillis(), "loaded in " + load + " ms");

      // every host with its state, and every diff with the host's own value
      JsonNode hosts =
          chromium.eval(
              "Object.fromEntries([...document.querySelectorAll('details.host')]"
                  + ".map(e => [e.dataset.host, e.dataset.state]))");
      Map<String, String> seen = new LinkedHashMap<>();
      hosts.fields().forEachRemaining(e -> seen.put(e.getKey(), e.getValue().asText()));
      assertEquals(f.expected(), seen);
      JsonNode diffs =
          chromium.eval(
              "Object.fromEntries([...document.querySelectorAll('details.host')]"
                  + ".map(e => [e.dataset.host, [...e.querySelectorAll('pre.diff')]"
                  + ".map(p => p.textContent).join('\\n')]))");
      for (String h : hostsWith(f.expected(), "would-change")) {
        int pages = 1000 + Integer.parseInt(h.substring(4));
        assertTrue(
            diffs.get(h).asText().contains("+vm.nr_hugepages = " + pages), h + ": " + diffs.get(h));
      }
      assertEquals(
          String.valueOf(unreachable),
          chromium.eval("document.querySelector('#count-unreachable td.n').textContent").asText());

      // the filters are CSS only: a click on a label checks its radio, the rest is style
      assertEquals(new TreeSet<>(f.expected().keySet()), visibleHosts(chromium));
      chromium.eval("document.querySelector('label[for=state-refused]').click()");
      assertEquals(hostsWith(f.expected(), "refused"), visibleHosts(chromium));
      chromium.screenshot(screenshots().resolve("fleet-300-refused.png"));
      chromium.eval("document.querySelector('label[for=state-unreachable]').click()");
      assertEquals(hostsWith(f.expected(), "unreachable"), visibleHosts(chromium));
      chromium.eval("document.querySelector('label[for=state-all]').click()");
      String legacyLabel =
          chromium
              .eval(
                  "[...document.querySelectorAll('label')]"
                      + ".find(l => l.textContent === 'legacy').htmlFor")
              .asText();
      chromium.eval("document.querySelector('label[for=" + legacyLabel + "]').click()");
      assertEquals(hostsWith(f.expected(), "refused"), visibleHosts(chromium));
      chromium.eval("document.querySelector('label[for=group-all]').click()");
      chromium.screenshot(screenshots().resolve("fleet-300.png"));

      // nothing but the report itself was requested, and the page loaded no resource
      assertEquals(List.of(url), chromium.requests());
      assertEquals(0, chromium.eval("performance.getEntriesByType('resource').length").asInt());
    }
  }

  @Test
  void thousandHostReportLoadsWithinTheBudget() throws Exception {
    Fleet f = fleet(1000);
    Path report = ssh.root().resolve("fleet1000.html");
    Path junit = ssh.root().resolve("fleet1000.xml");
    CliRun run = run(f, report, junit);
    assertEquals(2, run.exitCode(), () -> run.err());
    JUnitSchema.validate(Files.readString(junit));
    List<Long> loads = new ArrayList<>();
    try (HeadlessChromium chromium = HeadlessChromium.start()) {
      String url = report.toUri().toString();
      // the first load also starts the renderer; the budget holds for each
      for (int i = 0; i < 3; i++) {
        chromium.open(url);
        loads.add(loadMillis(chromium));
      }
      System.out.printf("1000-host report: %d bytes, load %s ms%n", Files.size(report), loads);
      assertEquals(1000, chromium.eval("document.querySelectorAll('details.host').length").asInt());
      chromium.screenshot(screenshots().resolve("fleet-1000.png"));
      assertEquals(List.of(url), chromium.requests());
    }
    loads.forEach(l -> assertTrue(l < BUDGET.toMillis(), "loaded in " + loads + " ms"));
  }
}
