package io.pagetune.report.junit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.report.Status;
import io.pagetune.report.TaskOutcome;
import io.pagetune.report.TaskTiming;
import io.pagetune.testing.MutableClock;
import java.io.StringReader;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.InputSource;
import org.xml.sax.SAXException;

class JUnitXmlTest {
  private static TaskOutcome outcome(
      String host, String task, Status status, boolean check, String message, List<String> diffs) {
    return TaskOutcome.builder(host, "Pages", task, "p.yml:3:7", status)
        .message(message)
        .checkMode(check)
        .diffs(diffs)
        .build();
  }

  private static Document parse(String xml) throws Exception {
    return DocumentBuilderFactory.newInstance()
        .newDocumentBuilder()
        .parse(new InputSource(new StringReader(xml)));
  }

  private static Element testcase(Document d, String host, String task) {
    NodeList cases = d.getElementsByTagName("testcase");
    for (int i = 0; i < cases.getLength(); i++) {
      Element e = (Element) cases.item(i);
      if (e.getAttribute("classname").equals(host) && e.getAttribute("name").endsWith(task)) {
        return e;
      }
    }
    throw new AssertionError("no testcase " + host + " " + task);
  }

  @Test
  void oneCasePerHostAndTaskWithFailuresSkipsAndCheckModeChanges() throws Exception {
    MutableClock clock = new MutableClock(Instant.parse("2026-11-30T10:00:00Z"));
    JUnitCollector c = new JUnitCollector(clock);
    c.runStarted("site.yml", true);
    c.taskStarted("persist", "p.yml:3:7", false);
    clock.advance(Duration.ofMillis(1500));
    c.hostResult(
        outcome(
            "db1",
            "persist",
            Status.CHANGED,
            true,
            "",
            List.of("--- a\n+++ b\n+vm.nr_hugepages=9\n")));
    c.hostResult(
        outcome("db2", "persist", Status.FAILED, true, "kernel 7.53 PL 900 below", List.of()));
    c.hostResult(outcome("db3", "persist", Status.UNREACHABLE, true, "refused <&>", List.of()));
    c.taskStarted("verify", "p.yml:9:7", false);
    c.hostResult(outcome("db1", "verify", Status.SKIPPED, true, "check mode", List.of()));
    // a loop item folds into its summary: not a case of its own
    c.hostResult(
        TaskOutcome.builder("db1", "Pages", "verify", "", Status.OK)
            .message("")
            .item("item1")
            .checkMode(true)
            .build());
    String xml = JUnitXml.render(c.name(), c.started(), c.cases());
    JUnitSchema.validate(xml);
    Document d = parse(xml);
    Element root = d.getDocumentElement();
    assertEquals("4", root.getAttribute("tests"));
    assertEquals("2", root.getAttribute("failures"));
    assertEquals("1", root.getAttribute("skipped"));
    assertEquals(3, d.getElementsByTagName("testsuite").getLength());
    Element changed = testcase(d, "db1", "persist");
    assertEquals("1.500", changed.getAttribute("time"));
    String out = changed.getElementsByTagName("system-out").item(0).getTextContent();
    assertTrue(out.startsWith("would change"), out);
    assertTrue(out.contains("+vm.nr_hugepages=9"), out);
    Element failed =
        (Element) testcase(d, "db2", "persist").getElementsByTagName("failure").item(0);
    assertEquals("failed", failed.getAttribute("type"));
    assertEquals("kernel 7.53 PL 900 below", failed.getAttribute("message"));
    Element unreachable =
        (Element) testcase(d, "db3", "persist").getElementsByTagName("failure").item(0);
    assertEquals("unreachable", unreachable.getAttribute("type"));
    assertEquals("refused <&>", unreachable.getAttribute("message"));
    assertEquals(1, testcase(d, "db1", "verify").getElementsByTagName("skipped").getLength());
  }

  /** A host-pinned play's cases take each host's own time from the replay, not the replay's. */
  @Test
  void aReplayedTaskGivesEachHostItsOwnTime() throws Exception {
    MutableClock clock = new MutableClock(Instant.parse("2026-11-30T10:00:00Z"));
    JUnitCollector c = new JUnitCollector(clock);
    c.runStarted("site.yml", false);
    c.taskStarted("persist", "p.yml:3:7", false);
    c.taskTimed(
        new TaskTiming(
            Duration.ofSeconds(5),
            Map.of("db1", Duration.ofMillis(1250), "db2", Duration.ofMillis(4750))));
    c.hostResult(outcome("db1", "persist", Status.OK, false, "", List.of()));
    c.hostResult(outcome("db2", "persist", Status.OK, false, "", List.of()));
    // a task run live again: its time is the clock's
    c.taskStarted("verify", "p.yml:9:7", false);
    clock.advance(Duration.ofMillis(300));
    c.hostResult(outcome("db1", "verify", Status.OK, false, "", List.of()));
    Document d = parse(JUnitXml.render(c.name(), c.started(), c.cases()));
    assertEquals("1.250", testcase(d, "db1", "persist").getAttribute("time"));
    assertEquals("4.750", testcase(d, "db2", "persist").getAttribute("time"));
    assertEquals("0.300", testcase(d, "db1", "verify").getAttribute("time"));
  }

  @Test
  void controlCharactersFromHostsStillMakeValidXml() throws Exception {
    JUnitCollector c = new JUnitCollector(new MutableClock(Instant.EPOCH));
    c.hostResult(
        outcome("h\u0001", "t", Status.FAILED, false, "bell \u0007 esc \u001b[0m", List.of()));
    String xml = JUnitXml.render("p", Instant.EPOCH, c.cases());
    JUnitSchema.validate(xml);
    assertTrue(xml.contains("bell \uFFFD esc \uFFFD[0m"), xml);
  }

  @Test
  void theSchemaRejectsWhatCiWouldNotRead() {
    assertThrows(
        SAXException.class,
        () ->
            JUnitSchema.validate(
                "<testsuites><testsuite name=\"x\" tests=\"one\" failures=\"0\" errors=\"0\">"
                    + "</testsuite></testsuites>"));
    assertThrows(
        SAXException.class,
        () ->
            JUnitSchema.validate(
                "<testsuites><testsuite name=\"x\" tests=\"1\" failures=\"0\" errors=\"0\">"
                    + "<testcase name=\"t\" classname=\"h\" time=\"0\"><failure/><skipped/>"
                    + "</testcase></testsuite></testsuites>"));
  }
}
