package io.pagetune.modules.builtin;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The edit community.general.pam_limits (6.6.2) makes to a limits file, line by line as its main()
 * does: a line starting with {@code #} or blank is kept; otherwise white space runs are collapsed,
 * the text after the first {@code #} is the line's comment, and a line of four fields is an entry
 * whose value must be valid (else the task fails). Every entry for the domain, type and item is
 * rewritten as {@code domain\ttype\titem\tvalue[\t#comment]\n} unless its value is already the one
 * wanted (then it is kept byte for byte); none found appends that line.
 *
 * <p>pagetune writes what the module writes except where the module's Python slips, and then the
 * result says so ({@link #differences()}): the module keeps an old comment together with its line
 * terminator (an empty line follows the entry), carries the first comment of any earlier line over
 * to the entry it writes, prefixes a second rewritten duplicate's comment with {@code \t#} twice,
 * and appends to a last line without a newline, joining the two.
 */
final class PamLimitsEdit {
  static final Set<String> UNLIMITED = Set.of("unlimited", "infinity", "-1");

  /** What the task asks for; {@code comment} empty = keep the entry's own. */
  record Wanted(
      String domain,
      String type,
      String item,
      String value,
      boolean useMax,
      boolean useMin,
      String comment) {}

  private final Wanted wanted;
  private final StringBuilder pagetune = new StringBuilder();
  private final StringBuilder ansible = new StringBuilder();
  private final Set<String> differences = new LinkedHashSet<>();
  private String ansibleComment;
  private String message = "";
  private String ansibleMessage = "";

  private PamLimitsEdit(Wanted wanted) {
    this.wanted = wanted;
    this.ansibleComment = wanted.comment();
  }

  /**
   * Edits {@code text}; the failure message of an invalid entry in it, with {@code dest} named as
   * the module names it, is thrown as an {@link IllegalArgumentException}.
   */
  static PamLimitsEdit apply(Wanted wanted, String text, String dest) {
    PamLimitsEdit edit = new PamLimitsEdit(wanted);
    boolean found = false;
    for (String line : lines(text)) {
      found |= edit.line(line, dest);
    }
    if (!found) {
      edit.append(text);
    }
    return edit;
  }

  String text() {
    return pagetune.toString();
  }

  /** The line written or found, with its newline, as the module's {@code msg}. */
  String message() {
    return message;
  }

  /** How community.general.pam_limits would have written the file differently, if it would. */
  List<String> differences() {
    return pagetune.toString().equals(ansible.toString())
        ? List.of()
        : new ArrayList<>(differences);
  }

  /** The file community.general.pam_limits itself would write. */
  String ansibleText() {
    return ansible.toString();
  }

  /** The msg community.general.pam_limits itself would give. */
  String ansibleMessage() {
    return ansibleMessage;
  }

  /** The file's lines as Python iterates a binary file: split after each "\n", kept. */
  private static List<String> lines(String text) {
    List<String> out = new ArrayList<>();
    int start = 0;
    for (int i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', start)) {
      out.add(text.substring(start, i + 1));
      start = i + 1;
    }
    if (start < text.length()) {
      out.add(text.substring(start));
    }
    return out;
  }

  /** Handles one line; true when it is an entry for the wanted domain, type and item. */
  private boolean line(String line, String dest) {
    String fields = PythonText.strip(PythonText.collapseSpaces(line));
    if (line.startsWith("#") || fields.isEmpty()) {
      keep(line);
      return false;
    }
    int hash = line.indexOf('#');
    String oldComment = hash < 0 ? "" : line.substring(hash + 1);
    int fieldHash = fields.indexOf('#');
    fields = PythonText.rstrip(fieldHash < 0 ? fields : fields.substring(0, fieldHash));
    if (ansibleComment.isEmpty() && !oldComment.isEmpty()) {
      ansibleComment = oldComment; // the module's variable keeps the first comment it meets
    }
    String[] f = fields.split(" ", -1);
    if (f.length != 4) {
      keep(line);
      return false;
    }
    problem(f[2], f[3], "Invalid configuration found in '" + dest + "'.")
        .ifPresent(
            p -> {
              throw new IllegalArgumentException(p);
            });
    if (!(f[0].equals(wanted.domain())
        && f[1].equals(wanted.type())
        && f[2].equals(wanted.item()))) {
      keep(line);
      return false;
    }
    String value = wanted.value().equals(f[3]) ? f[3] : combined(f[3]);
    if (value.equals(f[3])) {
      message = line;
      ansibleMessage = line;
      keep(line);
    } else {
      rewrite(value, oldComment);
    }
    return true;
  }

  private void keep(String line) {
    pagetune.append(line);
    ansible.append(line);
  }

  /** The entry's own comment without the line's terminator. */
  private String ownComment(String oldComment) {
    String c = oldComment;
    if (c.endsWith("\n")) {
      c = c.substring(0, c.length() - 1);
      if (c.endsWith("\r")) {
        c = c.substring(0, c.length() - 1);
      }
    }
    return c;
  }

  /** Rewrites a matching entry; {@code oldComment} is its text after '#', line end included. */
  private void rewrite(String value, String oldComment) {
    String ownComment = ownComment(oldComment);
    String comment = wanted.comment().isEmpty() ? ownComment : wanted.comment();
    message = entry(value, comment);
    pagetune.append(message);
    if (ansibleComment.startsWith("\t#")) {
      differences.add(
          "community.general.pam_limits would prefix the comment of a second entry with '\\t#'"
              + " twice");
    } else if (!ansibleComment.equals(comment)) {
      differences.add(
          ansibleComment.equals(oldComment)
              ? "community.general.pam_limits would keep the line's end with the old comment,"
                  + " leaving an empty line after the entry"
              : "community.general.pam_limits would write the comment of an earlier line");
    }
    if (!ansibleComment.isEmpty()) {
      ansibleComment = "\t#" + ansibleComment;
    }
    ansibleMessage = wanted.domain() + "\t" + wanted.type() + "\t" + wanted.item() + "\t";
    ansibleMessage += value + ansibleComment + "\n";
    ansible.append(ansibleMessage);
  }

  private void append(String text) {
    if (!text.isEmpty() && !text.endsWith("\n")) {
      pagetune.append('\n');
      differences.add(
          "community.general.pam_limits would join the new entry to the last line, which has no"
              + " newline");
    }
    message = entry(wanted.value(), wanted.comment());
    pagetune.append(message);
    if (!ansibleComment.equals(wanted.comment())) {
      differences.add("community.general.pam_limits would write the comment of an earlier line");
    }
    String comment = ansibleComment.isEmpty() ? "" : "\t#" + ansibleComment;
    ansibleMessage =
        wanted.domain() + "\t" + wanted.type() + "\t" + wanted.item() + "\t" + wanted.value();
    ansibleMessage += comment + "\n";
    ansible.append(ansibleMessage);
  }

  private String entry(String value, String comment) {
    return wanted.domain()
        + "\t"
        + wanted.type()
        + "\t"
        + wanted.item()
        + "\t"
        + value
        + (comment.isEmpty() ? "" : "\t#" + comment)
        + "\n";
  }

  /**
   * The value use_max/use_min settle on. As in the module, "unlimited", "infinity" and "-1" count
   * as no limit for every item (its check of nice/priority looks at the type, so never applies).
   */
  private String combined(String actual) {
    String value = wanted.value();
    boolean actualUnlimited = UNLIMITED.contains(actual);
    boolean valueUnlimited = UNLIMITED.contains(value);
    if (wanted.useMax()) {
      if (actualUnlimited || valueUnlimited) {
        return actualUnlimited ? actual : value;
      }
      return new BigInteger(value).max(new BigInteger(actual)).toString();
    }
    if (wanted.useMin()) {
      if (actualUnlimited || valueUnlimited) {
        return actualUnlimited && !valueUnlimited ? value : actual;
      }
      return new BigInteger(value).min(new BigInteger(actual)).toString();
    }
    return value;
  }

  /**
   * The module's check of a value, with its message: nice and priority take -20 to 19, every other
   * item unlimited, infinity, -1 or digits. {@code prefix} names the file for an existing entry.
   */
  static Optional<String> problem(String item, String value, String prefix) {
    if (item.equals("nice") || item.equals("priority")) {
      boolean valid =
          value.matches("[+-]?[0-9]+")
              && new BigInteger(value).compareTo(BigInteger.valueOf(-20)) >= 0
              && new BigInteger(value).compareTo(BigInteger.valueOf(19)) <= 0;
      return valid
          ? Optional.empty()
          : Optional.of(
              prefix
                  + " Value of "
                  + repr(value)
                  + " for item "
                  + repr(item)
                  + " is invalid. Value must be a number in the range -20 to 19 inclusive. "
                  + "Refer to the limits.conf(5) manual pages for more details.");
    }
    return UNLIMITED.contains(value) || value.matches("[0-9]+")
        ? Optional.empty()
        : Optional.of(
            prefix
                + " Value of "
                + repr(value)
                + " for item "
                + repr(item)
                + " is invalid. Value must either be 'unlimited', 'infinity' or -1, all of "
                + "which indicate no limit, or a limit of 0 or larger. Refer to the "
                + "limits.conf(5) manual pages for more details.");
  }

  /** Python's repr() of a string, for the module's messages. */
  private static String repr(String s) {
    String body = s.replace("\\", "\\\\").replace("\n", "\\n").replace("\r", "\\r");
    body = body.replace("\t", "\\t");
    if (s.contains("'") && !s.contains("\"")) {
      return "\"" + body + "\"";
    }
    return "'" + body.replace("'", "\\'") + "'";
  }
}
