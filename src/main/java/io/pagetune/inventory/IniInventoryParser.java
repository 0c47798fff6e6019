package io.pagetune.inventory;

import io.pagetune.error.InputException;
import io.pagetune.error.SourceLocation;
import io.pagetune.error.Suggestions;
import io.pagetune.template.UserTextCheck;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads an Ansible INI inventory: {@code [group]} host lines with inline variables, {@code
 * [group:vars]} and {@code [group:children]} sections; hosts before any section are ungrouped. A
 * section may name a group declared further down the same file.
 */
final class IniInventoryParser {
  private static final Pattern SECTION =
      Pattern.compile("\\[([^:\\]\\s]+)(?::([^\\]\\s]*))?\\]\\s*(?:[#;].*)?");

  private enum State {
    HOSTS,
    VARS,
    CHILDREN
  }

  private record VarsSection(String group, SourceLocation where) {}

  private record GroupVar(String group, String key, Object value, SourceLocation where) {}

  private record ChildRef(String parent, String child, SourceLocation where) {}

  private final InventoryDraft draft;
  private final String label;
  private final List<VarsSection> varsSections = new ArrayList<>();
  private final List<GroupVar> groupVars = new ArrayList<>();
  private final List<ChildRef> children = new ArrayList<>();

  IniInventoryParser(InventoryDraft draft, String label) {
    this.draft = draft;
    this.label = label;
  }

  void parse(String text) {
    String group = InventoryDraft.UNGROUPED;
    State state = State.HOSTS;
    String[] lines = text.split("\r?\n|\r", -1);
    for (int n = 0; n < lines.length; n++) {
      String raw = n == 0 && lines[n].startsWith("\uFEFF") ? lines[n].substring(1) : lines[n];
      String line = raw.strip();
      if (line.isEmpty() || line.charAt(0) == '#' || line.charAt(0) == ';') {
        continue;
      }
      SourceLocation where = new SourceLocation(label, n + 1, raw.indexOf(line.charAt(0)) + 1);
      UserTextCheck.valueLine(raw, new SourceLocation(label, n + 1, 1), "inventory value");
      Matcher m = SECTION.matcher(line);
      if (m.matches()) {
        group = m.group(1);
        state = section(group, m.group(2), where);
      } else if (line.charAt(0) == '[' && !line.startsWith("[:")) {
        throw new InputException(where, "invalid section header '" + line + "'");
      } else if (state == State.HOSTS) {
        hostLine(group, line, where);
      } else if (state == State.VARS) {
        varsLine(group, line, where);
      } else {
        childLine(group, line, where);
      }
    }
    resolve();
  }

  private State section(String group, String kind, SourceLocation where) {
    if (kind == null) {
      draft.group(group, where);
      return State.HOSTS;
    }
    if (kind.equals("vars")) {
      varsSections.add(new VarsSection(group, where));
      return State.VARS;
    }
    if (kind.equals("children")) {
      draft.group(group, where);
      return State.CHILDREN;
    }
    throw new InputException(
        where,
        "invalid section type ':"
            + kind
            + "' (expected [group], [group:vars] or [group:children])"
            + Suggestions.didYouMean(kind, List.of("vars", "children")));
  }

  private void hostLine(String group, String line, SourceLocation where) {
    List<IniTokenizer.Word> words = IniTokenizer.split(line, where, where.column());
    if (words.isEmpty()) {
      return;
    }
    IniTokenizer.Word first = words.get(0);
    SourceLocation hostAt = at(where, first.column());
    HostSpec spec = HostSpec.parse(first.text(), hostAt);
    Map<String, Object> vars = new LinkedHashMap<>();
    if (spec.port().isPresent()) {
      vars.put("ansible_port", (long) spec.port().getAsInt());
    }
    for (IniTokenizer.Word w : words.subList(1, words.size())) {
      int eq = w.text().indexOf('=');
      if (eq <= 0) {
        throw new InputException(
            at(where, w.column()),
            "expected key=value host variable after host '"
                + first.text()
                + "', got '"
                + w.text()
                + "'");
      }
      vars.put(
          w.text().substring(0, eq), IniValue.typed(w.text().substring(eq + 1), w.valueQuoted()));
    }
    for (String name : spec.names()) {
      draft.addHost(group, name, hostAt);
      draft.host(name, hostAt).vars.putAll(vars);
    }
  }

  private void varsLine(String group, String line, SourceLocation where) {
    int eq = line.indexOf('=');
    if (eq <= 0) {
      throw new InputException(
          where, "expected key=value in section [" + group + ":vars], got '" + line + "'");
    }
    String key = line.substring(0, eq).strip();
    if (key.chars().anyMatch(Character::isWhitespace)) {
      throw new InputException(where, "invalid variable name '" + key + "'");
    }
    groupVars.add(
        new GroupVar(group, key, IniValue.fromVarsLine(line.substring(eq + 1).strip()), where));
  }

  private void childLine(String group, String line, SourceLocation where) {
    List<IniTokenizer.Word> words = IniTokenizer.split(line, where, where.column());
    if (words.size() != 1) {
      throw new InputException(
          where,
          "expected one group name per line in [" + group + ":children], got '" + line + "'");
    }
    children.add(new ChildRef(group, words.get(0).text(), where));
  }

  /** At the end of the file every group a section refers to must be declared. */
  private void resolve() {
    for (ChildRef c : children) {
      if (!draft.hasGroup(c.child())) {
        if (draft.hasHost(c.child())) {
          throw new InputException(c.where(), "'" + c.child() + "' is both a host and a group");
        }
        throw new InputException(
            c.where(),
            "section ["
                + c.parent()
                + ":children] names undefined group '"
                + c.child()
                + "'"
                + Suggestions.didYouMean(c.child(), draft.groups().keySet()));
      }
      draft.addChild(c.parent(), c.child(), c.where());
    }
    for (VarsSection s : varsSections) {
      if (!draft.hasGroup(s.group())) {
        throw new InputException(
            s.where(),
            "section ["
                + s.group()
                + ":vars] is for undefined group '"
                + s.group()
                + "'"
                + Suggestions.didYouMean(s.group(), draft.groups().keySet()));
      }
    }
    for (GroupVar v : groupVars) {
      draft.setGroupVar(v.group(), v.key(), v.value(), v.where());
    }
  }

  private SourceLocation at(SourceLocation line, int column) {
    return new SourceLocation(label, line.line(), column);
  }
}
