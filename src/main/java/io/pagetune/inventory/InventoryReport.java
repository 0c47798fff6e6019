package io.pagetune.inventory;

import static io.pagetune.error.CredentialMask.MASK;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.util.DefaultIndenter;
import com.fasterxml.jackson.core.util.DefaultPrettyPrinter;
import com.fasterxml.jackson.core.util.Separators;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.pagetune.error.InputException;
import io.pagetune.error.SourceLocation;
import io.pagetune.error.Suggestions;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * What {@code pagetune inventory} prints, shaped like {@code ansible-inventory}: {@link #list()}
 * (JSON with {@code _meta.hostvars}), {@link #graph()} (a text tree) and {@link #host(String)} (one
 * host's resolved variables). JSON keys are sorted and indented by four spaces. Magic variables
 * ({@code inventory_hostname}, {@code groups}, ...) are left out, as Ansible does. Unlike
 * ansible-inventory, the values of secret variables ({@code ansible_password}, become passwords,
 * anything named like a password, passphrase, secret, token or key) show as {@code ***} unless
 * asked for.
 */
public final class InventoryReport {
  private static final Pattern SECRET =
      Pattern.compile(
          "(?i).*(password|passwd|passphrase|secret|token|api_?key|credential).*"
              + "|ansible(_ssh|_become|_sudo|_su)?_pass");

  private final Inventory inventory;
  private final boolean showSecrets;
  private final ObjectMapper json =
      new ObjectMapper().configure(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS, true);

  /** A report that masks secret values. */
  public InventoryReport(Inventory inventory) {
    this(inventory, false);
  }

  /**
   * @param showSecrets print secret values as they are ({@code --show-secrets})
   */
  public InventoryReport(Inventory inventory, boolean showSecrets) {
    this.inventory = inventory;
    this.showSecrets = showSecrets;
  }

  /**
   * Every group reachable from {@code all} with its {@code children} (sorted), {@code hosts}
   * (direct, inventory order) and {@code vars} (inventory file and group_vars/); empty keys and
   * empty groups are left out, like {@code ansible-inventory --list}.
   */
  public String list() {
    Map<String, Object> out = new LinkedHashMap<>();
    Map<String, Object> hostvars = new LinkedHashMap<>();
    for (Host h : inventory.hosts()) {
      hostvars.put(h.name(), resolved(h));
    }
    out.put("_meta", Map.of("hostvars", hostvars));
    Set<String> seen = new TreeSet<>();
    addGroup(InventoryDraft.ALL, out, seen);
    return write(out);
  }

  private void addGroup(String name, Map<String, Object> out, Set<String> seen) {
    if (!seen.add(name)) {
      return;
    }
    Group g = inventory.groups().get(name);
    Map<String, Object> entry = new LinkedHashMap<>();
    List<String> children = sortedChildren(g);
    if (!children.isEmpty()) {
      entry.put("children", children);
    }
    if (!g.hosts().isEmpty()) {
      entry.put("hosts", g.hosts());
    }
    if (!g.vars().isEmpty()) {
      entry.put("vars", masked(g.vars()));
    }
    if (!entry.isEmpty()) {
      out.put(name, entry);
    }
    for (String child : children) {
      addGroup(child, out, seen);
    }
  }

  /** {@code ansible-inventory --graph}: child groups first, then hosts, both sorted by name. */
  public String graph() {
    return graph(InventoryDraft.ALL);
  }

  /** The tree below one group. */
  public String graph(String group) {
    if (!inventory.groups().containsKey(group)) {
      throw new InputException(
          SourceLocation.of("--graph"),
          "unknown group '"
              + group
              + "'"
              + Suggestions.didYouMean(group, inventory.groups().keySet()));
    }
    StringBuilder out = new StringBuilder();
    graphGroup(inventory.groups().get(group), 0, out);
    return out.toString();
  }

  private void graphGroup(Group g, int depth, StringBuilder out) {
    line("@" + g.name() + ":", depth, out);
    for (String child : sortedChildren(g)) {
      graphGroup(inventory.groups().get(child), depth + 1, out);
    }
    if (!g.name().equals(InventoryDraft.ALL)) {
      g.hosts().stream().sorted().forEach(h -> line(h, depth + 1, out));
    }
  }

  private static void line(String name, int depth, StringBuilder out) {
    out.append("  |".repeat(depth)).append(depth > 0 ? "--" : "").append(name).append('\n');
  }

  /** One host's resolved variables, as {@code ansible-inventory --host NAME}. */
  public String host(String name) {
    Host h =
        inventory
            .host(name)
            .orElseThrow(
                () ->
                    new InputException(
                        SourceLocation.of("--host"),
                        "unknown host '"
                            + name
                            + "'"
                            + Suggestions.didYouMean(
                                name, inventory.hosts().stream().map(Host::name).toList())));
    return write(resolved(h));
  }

  private Map<String, Object> resolved(Host h) {
    return masked(MagicVars.withoutMagic(h.vars().resolve()));
  }

  private Map<String, Object> masked(Map<String, Object> vars) {
    return showSecrets ? vars : maskedMap(vars);
  }

  private static Map<String, Object> maskedMap(Map<?, ?> vars) {
    Map<String, Object> out = new LinkedHashMap<>();
    vars.forEach(
        (k, v) -> {
          String key = String.valueOf(k);
          out.put(key, SECRET.matcher(key).matches() && v != null ? MASK : maskedValue(v));
        });
    return out;
  }

  private static Object maskedValue(Object v) {
    if (v instanceof Map<?, ?> m) {
      return maskedMap(m);
    }
    if (v instanceof List<?> l) {
      return l.stream().map(InventoryReport::maskedValue).toList();
    }
    return v;
  }

  private static List<String> sortedChildren(Group g) {
    List<String> children = new ArrayList<>(g.children());
    children.sort(Comparator.naturalOrder());
    return children;
  }

  private String write(Object value) {
    DefaultPrettyPrinter printer =
        new DefaultPrettyPrinter(
                Separators.createDefaultInstance()
                    .withObjectFieldValueSpacing(Separators.Spacing.AFTER)
                    .withObjectEmptySeparator("")
                    .withArrayEmptySeparator(""))
            .withObjectIndenter(new DefaultIndenter("    ", "\n"))
            .withArrayIndenter(new DefaultIndenter("    ", "\n"));
    try {
      return json.writer(printer).writeValueAsString(value) + "\n";
    } catch (JsonProcessingException e) {
      throw new UncheckedIOException(e);
    }
  }
}
