package io.pagetune.template;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Python's {@code StrictVersion}, which Ansible's {@code version} test uses with {@code
 * strict=True}: {@code MAJOR.MINOR[.PATCH][a|bN]} in ASCII digits, a missing patch being 0 and a
 * release after every pre-release of it; any other text is an error, never a loose comparison.
 */
record StrictVersion(long major, long minor, long patch, char preKind, long preNumber)
    implements Comparable<StrictVersion> {
  private static final Pattern FORM =
      Pattern.compile("([0-9]+)\\.([0-9]+)(?:\\.([0-9]+))?(?:([ab])([0-9]+))?");

  /** No pre-release: sorts after {@code a} and {@code b}. */
  private static final char RELEASE = 'z';

  static StrictVersion parse(String text) {
    Matcher m = FORM.matcher(text);
    if (!m.matches()) {
      throw new IllegalArgumentException("invalid version number '" + text + "'");
    }
    try {
      return new StrictVersion(
          Long.parseLong(m.group(1)),
          Long.parseLong(m.group(2)),
          m.group(3) == null ? 0 : Long.parseLong(m.group(3)),
          m.group(4) == null ? RELEASE : m.group(4).charAt(0),
          m.group(5) == null ? 0 : Long.parseLong(m.group(5)));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("invalid version number '" + text + "'", e);
    }
  }

  @Override
  public int compareTo(StrictVersion o) {
    int c = Long.compare(major, o.major);
    c = c != 0 ? c : Long.compare(minor, o.minor);
    c = c != 0 ? c : Long.compare(patch, o.patch);
    c = c != 0 ? c : Character.compare(preKind, o.preKind);
    return c != 0 ? c : Long.compare(preNumber, o.preNumber);
  }
}
