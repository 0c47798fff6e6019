package io.pagetune.template;

import java.math.BigInteger;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A Semantic Versioning 2.0.0 version as Ansible's {@code version_type='semver'} reads it: exactly
 * {@code MAJOR.MINOR.PATCH} without leading zeros, an optional {@code -pre.release} whose parts
 * compare numerically when all digits (numbers before words), and {@code +build} metadata that
 * never counts. A release sorts after each of its pre-releases (semver.org, items 9 to 11).
 */
record SemanticVersion(List<BigInteger> core, List<String> prerelease)
    implements Comparable<SemanticVersion> {
  private static final String NUMBER = "(0|[1-9][0-9]*)";
  private static final String PART = "(?:0|[1-9][0-9]*|[0-9]*[a-zA-Z-][0-9a-zA-Z-]*)";
  private static final Pattern FORM =
      Pattern.compile(
          NUMBER
              + "\\."
              + NUMBER
              + "\\."
              + NUMBER
              + "(?:-("
              + PART
              + "(?:\\."
              + PART
              + ")*))?"
              + "(?:\\+[0-9a-zA-Z-]+(?:\\.[0-9a-zA-Z-]+)*)?");

  SemanticVersion {
    core = List.copyOf(core);
    prerelease = List.copyOf(prerelease);
  }

  static SemanticVersion parse(String text) {
    Matcher m = FORM.matcher(text);
    if (!m.matches()) {
      throw new IllegalArgumentException("invalid semantic version '" + text + "'");
    }
    return new SemanticVersion(
        List.of(new BigInteger(m.group(1)), new BigInteger(m.group(2)), new BigInteger(m.group(3))),
        m.group(4) == null ? List.of() : List.of(m.group(4).split("\\.")));
  }

  @Override
  public int compareTo(SemanticVersion o) {
    for (int i = 0; i < 3; i++) {
      int c = core.get(i).compareTo(o.core.get(i));
      if (c != 0) {
        return c;
      }
    }
    if (prerelease.isEmpty() || o.prerelease.isEmpty()) {
      // a release is above its pre-releases
      return Boolean.compare(prerelease.isEmpty(), o.prerelease.isEmpty());
    }
    for (int i = 0; i < Math.min(prerelease.size(), o.prerelease.size()); i++) {
      int c = comparePart(prerelease.get(i), o.prerelease.get(i));
      if (c != 0) {
        return c;
      }
    }
    return Integer.compare(prerelease.size(), o.prerelease.size());
  }

  private static int comparePart(String a, String b) {
    boolean an = a.chars().allMatch(Character::isDigit);
    boolean bn = b.chars().allMatch(Character::isDigit);
    if (an && bn) {
      return new BigInteger(a).compareTo(new BigInteger(b));
    }
    if (an != bn) {
      return an ? -1 : 1;
    }
    return a.compareTo(b);
  }
}
