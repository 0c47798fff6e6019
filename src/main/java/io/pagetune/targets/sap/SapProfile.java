package io.pagetune.targets.sap;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A SAP profile (instance, start or DEFAULT.PFL) as an ordered list of lines. Parsing never fails:
 * lines without {@code =} are kept as {@link ProfileLine.Kind#MALFORMED} and reported by {@link
 * #warnings()}. {@link #render()} gives back the exact input, line terminators included.
 */
record SapProfile(List<ProfileLine> lines) {
  public SapProfile {
    lines = List.copyOf(lines);
  }

  public static SapProfile parse(String text) {
    List<ProfileLine> lines = new ArrayList<>();
    int pos = 0;
    int number = 1;
    while (pos < text.length()) {
      int nl = text.indexOf('\n', pos);
      String body;
      String terminator;
      if (nl < 0) {
        body = text.substring(pos);
        terminator = "";
        pos = text.length();
      } else if (nl > pos && text.charAt(nl - 1) == '\r') {
        body = text.substring(pos, nl - 1);
        terminator = "\r\n";
        pos = nl + 1;
      } else {
        body = text.substring(pos, nl);
        terminator = "\n";
        pos = nl + 1;
      }
      lines.add(ProfileLine.of(number++, body, terminator));
    }
    return new SapProfile(lines);
  }

  public String render() {
    StringBuilder sb = new StringBuilder();
    for (ProfileLine l : lines) {
      sb.append(l.text()).append(l.terminator());
    }
    return sb.toString();
  }

  /** Active parameter lines in file order. */
  public List<ProfileLine> parameters() {
    return lines.stream().filter(ProfileLine::isParameter).toList();
  }

  /** The value of the last active definition of {@code key} (SAP lets a later line win). */
  public Optional<String> value(String key) {
    String found = null;
    for (ProfileLine l : lines) {
      if (l.isParameter() && l.key().equals(key)) {
        found = l.value();
      }
    }
    return Optional.ofNullable(found);
  }

  /** One message per line that is neither blank, a comment nor {@code name = value}. */
  public List<String> warnings() {
    return lines.stream()
        .filter(l -> l.kind() == ProfileLine.Kind.MALFORMED)
        .map(
            l -> "line " + l.number() + ": not a 'name = value' line, ignored: " + l.text().strip())
        .toList();
  }

  /** The line terminator most lines use, for lines an editor adds. */
  public String dominantTerminator() {
    long crlf = lines.stream().filter(l -> l.terminator().equals("\r\n")).count();
    long lf = lines.stream().filter(l -> l.terminator().equals("\n")).count();
    return crlf > lf ? "\r\n" : "\n";
  }
}
