package io.pagetune.inventory;

import io.pagetune.error.InputException;
import io.pagetune.error.SourceLocation;
import io.pagetune.error.Suggestions;
import io.pagetune.yaml.YamlValue;
import java.util.List;
import java.util.Map;

/**
 * Reads an Ansible YAML (or JSON) inventory: top-level keys are groups, each with optional {@code
 * hosts}, {@code vars} and {@code children}; a group or host may appear in several places and its
 * definitions merge.
 */
final class YamlInventoryParser {
  private static final List<String> GROUP_KEYS = List.of("hosts", "vars", "children");

  private final InventoryDraft draft;

  YamlInventoryParser(InventoryDraft draft) {
    this.draft = draft;
  }

  void parse(YamlValue root) {
    if (root instanceof YamlValue.Scalar && ((YamlValue.Scalar) root).value() == null) {
      return;
    }
    if (!(root instanceof YamlValue.Mapping)) {
      throw new InputException(
          root.location(), "a YAML inventory must be a mapping of group names (start with 'all:')");
    }
    YamlValue.Mapping top = (YamlValue.Mapping) root;
    top.entries().forEach((name, entry) -> group(name, entry.keyLocation(), entry.value()));
  }

  private void group(String name, SourceLocation where, YamlValue body) {
    draft.group(name, where);
    if (isNull(body)) {
      return;
    }
    if (!(body instanceof YamlValue.Mapping)) {
      throw new InputException(
          body.location(),
          "group '"
              + name
              + "' must be a mapping with hosts, vars or children, got "
              + describe(body));
    }
    YamlValue.Mapping def = (YamlValue.Mapping) body;
    for (Map.Entry<String, YamlValue.Entry> e : def.entries().entrySet()) {
      String key = e.getKey();
      SourceLocation keyAt = e.getValue().keyLocation();
      YamlValue value = e.getValue().value();
      switch (key) {
        case "hosts":
          hosts(name, value);
          break;
        case "vars":
          for (Map.Entry<String, YamlValue.Entry> v :
              mapping(value, "vars of group '" + name + "'").entrySet()) {
            draft.setGroupVar(
                name, v.getKey(), v.getValue().value().toPlain(), v.getValue().keyLocation());
          }
          break;
        case "children":
          for (Map.Entry<String, YamlValue.Entry> c :
              mapping(value, "children of group '" + name + "'").entrySet()) {
            group(c.getKey(), c.getValue().keyLocation(), c.getValue().value());
            draft.addChild(name, c.getKey(), c.getValue().keyLocation());
          }
          break;
        default:
          throw new InputException(
              keyAt,
              "unknown key '"
                  + key
                  + "' in group '"
                  + name
                  + "' (expected hosts, vars or children)"
                  + Suggestions.didYouMean(key, GROUP_KEYS));
      }
    }
  }

  private void hosts(String group, YamlValue value) {
    for (Map.Entry<String, YamlValue.Entry> h :
        mapping(value, "hosts of group '" + group + "'").entrySet()) {
      SourceLocation at = h.getValue().keyLocation();
      YamlValue hostVars = h.getValue().value();
      if (!isNull(hostVars) && !(hostVars instanceof YamlValue.Mapping)) {
        throw new InputException(
            hostVars.location(),
            "host '"
                + h.getKey()
                + "' must map to its variables or be empty, got "
                + describe(hostVars));
      }
      HostSpec spec = HostSpec.parse(h.getKey(), at);
      for (String name : spec.names()) {
        draft.addHost(group, name, at);
        InventoryDraft.HostDraft host = draft.host(name, at);
        if (spec.port().isPresent()) {
          host.vars.put("ansible_port", (long) spec.port().getAsInt());
        }
        if (hostVars instanceof YamlValue.Mapping) {
          host.vars.putAll(castMap(hostVars.toPlain()));
        }
      }
    }
  }

  /** A section that must be a mapping; empty ({@code hosts:} with nothing) is allowed. */
  private static Map<String, YamlValue.Entry> mapping(YamlValue value, String what) {
    if (isNull(value)) {
      return Map.of();
    }
    if (!(value instanceof YamlValue.Mapping)) {
      String hint =
          value instanceof YamlValue.Seq ? " (write 'name:' lines, not '- name' list items)" : "";
      throw new InputException(
          value.location(), what + " must be a mapping, got " + describe(value) + hint);
    }
    return ((YamlValue.Mapping) value).entries();
  }

  private static boolean isNull(YamlValue v) {
    return v instanceof YamlValue.Scalar && ((YamlValue.Scalar) v).value() == null;
  }

  private static String describe(YamlValue v) {
    if (v instanceof YamlValue.Seq) {
      return "a list";
    }
    if (v instanceof YamlValue.Mapping) {
      return "a mapping";
    }
    return "'" + ((YamlValue.Scalar) v).asText() + "'";
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> castMap(Object plain) {
    return (Map<String, Object>) plain;
  }
}
