package io.pagetune.report.junit;

import io.pagetune.report.Status;
import java.io.StringWriter;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

/**
 * Writes test cases in the JUnit XML that Jenkins, GitLab and Surefire read: {@code <testsuites>}
 * with one {@code <testsuite>} per host and one {@code <testcase>} per task on it. Failed and
 * unreachable are {@code <failure>}, skipped is {@code <skipped>}, and what changed (or would
 * change, in check mode) with its diffs and restarts is the case's {@code <system-out>}.
 */
public final class JUnitXml {
  private static final DateTimeFormatter TIMESTAMP =
      DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss").withZone(ZoneOffset.UTC);

  private JUnitXml() {}

  public static String render(String name, Instant started, List<JUnitCase> cases) {
    Map<String, List<JUnitCase>> byHost = new LinkedHashMap<>();
    cases.forEach(c -> byHost.computeIfAbsent(c.host(), h -> new ArrayList<>()).add(c));
    StringWriter out = new StringWriter();
    try {
      XMLStreamWriter x = XMLOutputFactory.newFactory().createXMLStreamWriter(out);
      x.writeStartDocument("UTF-8", "1.0");
      x.writeCharacters("\n");
      x.writeStartElement("testsuites");
      x.writeAttribute("name", clean(name));
      counts(x, cases);
      x.writeCharacters("\n");
      int id = 0;
      for (Map.Entry<String, List<JUnitCase>> e : byHost.entrySet()) {
        x.writeStartElement("testsuite");
        x.writeAttribute("name", clean(e.getKey()));
        x.writeAttribute("id", Integer.toString(id++));
        x.writeAttribute("timestamp", TIMESTAMP.format(started.truncatedTo(ChronoUnit.SECONDS)));
        x.writeAttribute("hostname", clean(e.getKey()));
        counts(x, e.getValue());
        x.writeCharacters("\n");
        for (JUnitCase c : e.getValue()) {
          testcase(x, c);
        }
        x.writeEndElement();
        x.writeCharacters("\n");
      }
      x.writeEndElement();
      x.writeCharacters("\n");
      x.writeEndDocument();
      x.close();
    } catch (XMLStreamException e) {
      throw new IllegalStateException("cannot write JUnit XML: " + e.getMessage(), e);
    }
    return out.toString();
  }

  private static void counts(XMLStreamWriter x, List<JUnitCase> cases) throws XMLStreamException {
    x.writeAttribute("tests", Integer.toString(cases.size()));
    x.writeAttribute("failures", Long.toString(cases.stream().filter(JUnitCase::failure).count()));
    x.writeAttribute("errors", "0");
    x.writeAttribute(
        "skipped", Long.toString(cases.stream().filter(c -> c.status() == Status.SKIPPED).count()));
    x.writeAttribute(
        "time", seconds(cases.stream().map(JUnitCase::time).reduce(Duration.ZERO, Duration::plus)));
  }

  private static void testcase(XMLStreamWriter x, JUnitCase c) throws XMLStreamException {
    x.writeCharacters("  ");
    x.writeStartElement("testcase");
    x.writeAttribute("classname", clean(c.host()));
    x.writeAttribute("name", clean((c.play().isEmpty() ? "" : c.play() + " / ") + c.task()));
    x.writeAttribute("time", seconds(c.time()));
    if (!c.location().isEmpty()) {
      x.writeAttribute("file", clean(c.location()));
    }
    if (c.failure()) {
      x.writeStartElement("failure");
      x.writeAttribute("type", c.status().word());
      x.writeAttribute("message", clean(c.message()));
      x.writeCharacters(clean(c.status().word() + ": " + c.message()));
      x.writeEndElement();
    } else if (c.status() == Status.SKIPPED) {
      x.writeStartElement("skipped");
      x.writeAttribute("message", clean(c.message()));
      x.writeEndElement();
    }
    String output = output(c);
    if (!output.isEmpty()) {
      x.writeStartElement("system-out");
      x.writeCharacters(clean(output));
      x.writeEndElement();
    }
    x.writeEndElement();
    x.writeCharacters("\n");
  }

  private static String output(JUnitCase c) {
    StringBuilder sb = new StringBuilder();
    if (c.status() == Status.CHANGED) {
      sb.append(c.checkMode() ? "would change" : "changed");
      sb.append(c.message().isEmpty() ? "" : ": " + c.message()).append('\n');
    } else if (c.status() == Status.FAILED && c.ignored()) {
      sb.append("failed (ignored): ").append(c.message()).append('\n');
    } else if (c.status() == Status.UNREACHABLE && c.ignored()) {
      sb.append("unreachable (ignored): ").append(c.message()).append('\n');
    }
    c.diffs().forEach(d -> sb.append(d).append(d.endsWith("\n") ? "" : "\n"));
    c.restarts()
        .forEach(
            r -> sb.append(c.checkMode() ? "would restart: " : "restart: ").append(r).append('\n'));
    return sb.toString();
  }

  private static String seconds(Duration d) {
    return String.format(Locale.ROOT, "%.3f", d.toNanos() / 1e9);
  }

  /** XML 1.0 cannot carry most control characters; host output may hold them. */
  static String clean(String s) {
    StringBuilder sb = new StringBuilder(s.length());
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      boolean allowed =
          c == '\t'
              || c == '\n'
              || c == '\r'
              || (c >= 0x20 && c <= 0xD7FF)
              || (c >= 0xE000 && c <= 0xFFFD)
              || Character.isSurrogate(c);
      sb.append(allowed ? c : '\uFFFD');
    }
    return sb.toString();
  }
}
