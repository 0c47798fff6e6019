package io.pagetune.inventory;

import io.pagetune.error.InputException;
import io.pagetune.error.SourceLocation;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * An Ansible host pattern, as in a play's {@code hosts:} or {@code --limit}: terms separated by
 * {@code :} or {@code ,}; a term is {@code all}, {@code *}, a group, a host, a wildcard ({@code
 * web*}, {@code db?.example.com}, {@code [ab]*}, matched in full against groups and hosts) or
 * {@code ~regex} (Java syntax, matched from the start of group and host names like Python's {@code
 * re.match}). {@code &term} intersects, {@code !term} excludes. As in Ansible, unions are taken
 * first, then intersections, then exclusions; with no union term the start is {@code all}. A
 * separator inside {@code [] () {}} belongs to the term, so a regex may use them there. A non-regex
 * term may end with a subscript, {@code web[0]}, {@code web[-1]}, {@code web[1:3]} (inclusive) or
 * {@code web[2:]}, which picks from its hosts in inventory order.
 *
 * <p>A term matching nothing is not an error. {@code localhost} or {@code 127.0.0.1} not listed in
 * the inventory selects an implicit local host that is not part of {@code all}.
 */
public final class HostPattern {
  private enum Kind {
    UNION,
    INTERSECT,
    EXCLUDE
  }

  /** {@code [i]} (negative counts from the end) or {@code [from:to]} (inclusive, open end). */
  private record Subscript(int from, Integer to, boolean single) {
    List<String> apply(List<String> hosts) {
      if (single) {
        int i = from < 0 ? hosts.size() + from : from;
        return i >= 0 && i < hosts.size() ? List.of(hosts.get(i)) : List.of();
      }
      int end = to == null ? hosts.size() - 1 : Math.min(to, hosts.size() - 1);
      return from > end ? List.of() : hosts.subList(from, end + 1);
    }
  }

  private record Term(Kind kind, String name, Pattern matcher, Subscript subscript) {}

  private static final Pattern SUBSCRIPTED =
      Pattern.compile("(.+)\\[(?:(-?[0-9]{1,9})|([0-9]{1,9})[:-]([0-9]{0,9}))\\]");

  private final String text;
  private final List<Term> terms;

  private HostPattern(String text, List<Term> terms) {
    this.text = text;
    this.terms = List.copyOf(terms);
  }

  /**
   * @param where where the pattern text starts; a bad term is reported at its own column
   */
  public static HostPattern parse(String text, SourceLocation where) {
    if (text == null || text.isBlank()) {
      throw new InputException(where, "empty host pattern");
    }
    List<Term> terms = new ArrayList<>();
    int start = 0;
    int depth = 0;
    for (int i = 0; i <= text.length(); i++) {
      char c = i < text.length() ? text.charAt(i) : ',';
      if (c == '[' || c == '(' || c == '{') {
        depth++;
      } else if ((c == ']' || c == ')' || c == '}') && depth > 0) {
        depth--;
      } else if ((c == ':' || c == ',') && (depth == 0 || i == text.length())) {
        terms.add(term(text, start, i, where));
        start = i + 1;
        depth = 0;
      }
    }
    return new HostPattern(text, terms);
  }

  private static Term term(String text, int from, int to, SourceLocation where) {
    String raw = text.substring(from, to);
    String body = raw.strip();
    int offset = from + (body.isEmpty() ? 0 : raw.indexOf(body.charAt(0)));
    if (body.isEmpty()) {
      throw bad(text, where, offset, "empty term");
    }
    Kind kind = Kind.UNION;
    if (body.charAt(0) == '&' || body.charAt(0) == '!') {
      kind = body.charAt(0) == '&' ? Kind.INTERSECT : Kind.EXCLUDE;
      body = body.substring(1).strip();
      if (body.isEmpty()) {
        throw bad(text, where, offset, "'" + raw.strip() + "' needs a group or host name after it");
      }
    }
    if (body.charAt(0) == '~') {
      if (body.length() == 1) {
        throw bad(text, where, offset, "'~' needs a regular expression after it");
      }
      try {
        return new Term(kind, body, Pattern.compile(body.substring(1)), null);
      } catch (PatternSyntaxException e) {
        throw bad(
            text,
            where,
            offset,
            "invalid regular expression '" + body.substring(1) + "': " + e.getDescription());
      }
    }
    Subscript subscript = null;
    Matcher m = SUBSCRIPTED.matcher(body);
    if (m.matches()) {
      body = m.group(1);
      subscript =
          m.group(2) != null
              ? new Subscript(Integer.parseInt(m.group(2)), null, true)
              : new Subscript(
                  Integer.parseInt(m.group(3)),
                  m.group(4).isEmpty() ? null : Integer.valueOf(m.group(4)),
                  false);
    }
    if (isGlob(body)) {
      return new Term(kind, body, Pattern.compile(globToRegex(body)), subscript);
    }
    return new Term(kind, body, null, subscript);
  }

  private static InputException bad(String text, SourceLocation where, int offset, String why) {
    SourceLocation at = new SourceLocation(where.file(), where.line(), where.column() + offset);
    return new InputException(at, "invalid host pattern '" + text + "': " + why);
  }

  private static boolean isGlob(String s) {
    return s.indexOf('*') >= 0 || s.indexOf('?') >= 0 || s.indexOf('[') >= 0;
  }

  /**
   * fnmatch: {@code *}, {@code ?}, {@code [seq]}, {@code [!seq]}; an unclosed bracket is literal.
   */
  static String globToRegex(String glob) {
    StringBuilder re = new StringBuilder();
    for (int i = 0; i < glob.length(); i++) {
      char c = glob.charAt(i);
      if (c == '*') {
        re.append(".*");
      } else if (c == '?') {
        re.append('.');
      } else if (c == '[') {
        int close = glob.indexOf(']', i + 2);
        if (close < 0) {
          re.append("\\[");
          continue;
        }
        String set = glob.substring(i + 1, close);
        boolean negate = set.startsWith("!");
        if (negate) {
          set = set.substring(1);
        }
        re.append('[').append(negate ? "^" : "");
        for (char s : set.toCharArray()) {
          re.append(s == '\\' || s == '[' || s == ']' || s == '^' || s == '&' ? "\\" + s : s);
        }
        re.append(']');
        i = close;
      } else {
        re.append(Pattern.quote(String.valueOf(c)));
      }
    }
    return re.toString();
  }

  public String text() {
    return text;
  }

  /** The selected hosts: inventory order, then any implicit local host; no duplicates. */
  public List<Host> select(Inventory inventory) {
    Map<String, Host> implicit = new LinkedHashMap<>();
    Set<String> chosen = new LinkedHashSet<>();
    boolean anyUnion = false;
    for (Term t : terms) {
      if (t.kind() == Kind.UNION) {
        anyUnion = true;
        chosen.addAll(match(t, inventory, implicit));
      }
    }
    if (!anyUnion) {
      inventory.hosts().forEach(h -> chosen.add(h.name()));
    }
    for (Term t : terms) {
      if (t.kind() == Kind.INTERSECT) {
        chosen.retainAll(match(t, inventory, implicit));
      }
    }
    for (Term t : terms) {
      if (t.kind() == Kind.EXCLUDE) {
        chosen.removeAll(match(t, inventory, implicit));
      }
    }
    List<Host> out = new ArrayList<>();
    for (Host h : inventory.hosts()) {
      if (chosen.contains(h.name())) {
        out.add(h);
      }
    }
    implicit.forEach(
        (name, h) -> {
          if (chosen.contains(name)) {
            out.add(h);
          }
        });
    return out;
  }

  private static Set<String> match(Term t, Inventory inventory, Map<String, Host> implicit) {
    Set<String> names = enumerate(t, inventory, implicit);
    if (t.subscript() == null) {
      return names;
    }
    List<String> ordered = new ArrayList<>();
    for (Host h : inventory.hosts()) {
      if (names.contains(h.name())) {
        ordered.add(h.name());
      }
    }
    implicit.keySet().stream().filter(names::contains).forEach(ordered::add);
    return new LinkedHashSet<>(t.subscript().apply(ordered));
  }

  private static Set<String> enumerate(Term t, Inventory inventory, Map<String, Host> implicit) {
    Set<String> names = new LinkedHashSet<>();
    if (t.matcher() == null) {
      if (inventory.groups().containsKey(t.name())) {
        inventory.hostsIn(t.name()).forEach(h -> names.add(h.name()));
      } else if (inventory.host(t.name()).isPresent()) {
        names.add(t.name());
      } else {
        inventory
            .implicitHost(t.name())
            .ifPresent(
                h -> {
                  implicit.put(h.name(), h);
                  names.add(h.name());
                });
      }
      return names;
    }
    boolean regex = t.name().charAt(0) == '~';
    for (String group : inventory.groups().keySet()) {
      if (matches(t.matcher(), group, regex)) {
        inventory.hostsIn(group).forEach(h -> names.add(h.name()));
      }
    }
    for (Host h : inventory.hosts()) {
      if (matches(t.matcher(), h.name(), regex)) {
        names.add(h.name());
      }
    }
    return names;
  }

  /**
   * The terms that name no group or host of the inventory: typos that selecting alone passes over.
   * Ansible warns of them ("Could not match supplied host pattern, ignoring").
   */
  public List<String> unmatchedTerms(Inventory inventory) {
    List<String> out = new ArrayList<>();
    for (Term t : terms) {
      if (!namesSomething(t, inventory)) {
        out.add(t.name());
      }
    }
    return out;
  }

  private static boolean namesSomething(Term t, Inventory inventory) {
    if (t.matcher() == null) {
      return inventory.groups().containsKey(t.name())
          || inventory.host(t.name()).isPresent()
          || inventory.implicitHost(t.name()).isPresent();
    }
    boolean regex = t.name().charAt(0) == '~';
    return inventory.groups().keySet().stream().anyMatch(g -> matches(t.matcher(), g, regex))
        || inventory.hosts().stream().anyMatch(h -> matches(t.matcher(), h.name(), regex));
  }

  private static boolean matches(Pattern p, String name, boolean regex) {
    return regex ? p.matcher(name).lookingAt() : p.matcher(name).matches();
  }

  @Override
  public String toString() {
    return text;
  }
}
