package io.pagetune.report;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** On a colour terminal pagetune's own colours pass raw while the host's sequences are escaped. */
class ConsoleReporterColourTest {
  @Test
  void coloursStayRawAndHostSequencesAreEscaped() {
    ByteArrayOutputStream raw = new ByteArrayOutputStream();
    TerminalStream out = TerminalStream.over(raw);
    ConsoleReporter console = new ConsoleReporter(out, true, true);
    console.taskStarted("probe", "site.yml:3:7", false);
    console.hostResult(
        TaskOutcome.builder("web1", "p", "probe", "site.yml:3:7", Status.FAILED)
            .message("exit code 1: x\u001b]0;PWNED\u0007y\u001b[2J")
            .diffs(List.of("--- before\n+++ after\n+\u001b[2Jcleared\n"))
            .build());
    out.flush();
    List<String> lines = raw.toString(StandardCharsets.UTF_8).lines().toList();
    assertTrue(lines.contains("\u001b[0;32m+\\u001B[2Jcleared\u001b[0m"), lines.toString());
    assertTrue(
        lines.contains(
            "\u001b[0;31mfatal: [web1]: FAILED! => exit code 1: x\\u001B]0;PWNED\\u0007y\\u001B[2J"
                + "\u001b[0m"),
        lines.toString());
  }
}
