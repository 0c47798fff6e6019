package io.pagetune.linux.sysctl;

import java.util.ArrayList;
import java.util.List;

/**
 * The output of a boot-configuration snippet ({@link SysctlBootFiles#script}): a random marker on
 * the first line, then sections {@code MARK KIND PATH RESOLVED} each followed by a file's text. A
 * file cannot forge a section, since it cannot know the marker.
 */
public final class MarkedFiles {
  private MarkedFiles() {}

  /** One section: what kind of file, where it was found, where it resolves to, its text. */
  public record Section(String kind, ConfFile file) {}

  /** The sections in the order the snippet printed them; none for an output without a marker. */
  public static List<Section> parse(String output) {
    List<Section> out = new ArrayList<>();
    String[] lines = output.strip().split("\n", -1);
    String mark = lines[0].strip() + " ";
    if (!mark.startsWith("@@pt") || mark.length() < 12) {
      return out;
    }
    List<String> all = new ArrayList<>(List.of(lines).subList(1, lines.length));
    all.add(mark + "end - -");
    String[] head = null;
    List<String> body = new ArrayList<>();
    for (String line : all) {
      if (!line.startsWith(mark)) {
        body.add(line);
        continue;
      }
      if (head != null && head.length == 3) {
        // the snippet prints a newline before each marker: a file ending in a newline leaves an
        // empty line, one without (a padded grubenv block) does not, and keeps its last byte
        boolean newline = !body.isEmpty() && body.get(body.size() - 1).isEmpty();
        if (newline) {
          body.remove(body.size() - 1);
        }
        String text = body.isEmpty() ? "" : String.join("\n", body) + (newline ? "\n" : "");
        out.add(new Section(head[0], new ConfFile(head[1], head[2], text)));
      }
      head = line.substring(mark.length()).split(" ", 3);
      body = new ArrayList<>();
    }
    return out;
  }
}
