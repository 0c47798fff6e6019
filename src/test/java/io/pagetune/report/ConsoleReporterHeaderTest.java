package io.pagetune.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/**
 * ansible-playbook prints a TASK banner for every task it starts, so two tasks of one name in a row
 * (two unnamed {@code lineinfile} tasks) show two banners; the hosts of one task share one.
 */
class ConsoleReporterHeaderTest {
  private static long banners(String output) {
    return output.lines().filter(l -> l.startsWith("TASK [lineinfile]")).count();
  }

  private static void result(ConsoleReporter console, String host, String location) {
    console.hostResult(TaskOutcome.builder(host, "p", "lineinfile", location, Status.OK).build());
  }

  @Test
  void twoTasksOfOneNameEachGetTheirBanner() {
    ByteArrayOutputStream raw = new ByteArrayOutputStream();
    TerminalStream out = TerminalStream.over(raw);
    ConsoleReporter console = new ConsoleReporter(out, false, false);
    console.playStarted("p", java.util.List.of("web1", "web2"));
    console.taskStarted("lineinfile", "site.yml:3:7", false);
    result(console, "web1", "site.yml:3:7");
    result(console, "web2", "site.yml:3:7");
    console.taskStarted("lineinfile", "site.yml:5:7", false);
    result(console, "web1", "site.yml:5:7");
    // a task file included twice: the same task, started again, at the same place
    console.taskStarted("lineinfile", "site.yml:5:7", false);
    result(console, "web1", "site.yml:5:7");
    out.flush();
    assertEquals(3, banners(raw.toString(StandardCharsets.UTF_8)));
  }
}
