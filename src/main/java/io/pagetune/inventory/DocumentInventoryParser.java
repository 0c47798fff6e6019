package io.pagetune.inventory;

import io.pagetune.error.SourceLocation;
import io.pagetune.inventory.dynamic.GroupBody;
import io.pagetune.inventory.dynamic.InventoryDocument;
import io.pagetune.template.HostText;

/**
 * Adds what a dynamic source answered (a script's {@code --list}, the CMDB) to the inventory being
 * built, as Ansible's script inventory adds it: group bodies, children, then each host's variables.
 * Every string value enters as {@link HostText}: the source's data, never a template. The answer's
 * digest is kept, so that a saved plan covers the inventory the source returned.
 */
final class DocumentInventoryParser {
  private final InventoryDraft draft;

  DocumentInventoryParser(InventoryDraft draft) {
    this.draft = draft;
  }

  void parse(InventoryDocument document) {
    SourceLocation at = SourceLocation.of(document.source());
    document
        .groups()
        .forEach(
            (name, body) -> {
              GroupBody group = GroupBody.of(document.source(), name, body);
              draft.group(name, at);
              group.hosts().forEach(h -> draft.addHost(name, h, at));
              group.vars().forEach((k, v) -> draft.setGroupVar(name, k, data(k, v), at));
              group.children().forEach(c -> draft.addChild(name, c, at));
            });
    document
        .hostVars()
        .forEach(
            (host, vars) -> {
              InventoryDraft.HostDraft h = draft.host(host, at);
              vars.forEach((k, v) -> h.vars.put(k, HostText.mark(v)));
            });
    draft.answered(document.source(), document.digest());
  }

  /** The group priority is pagetune's to read as a number; every other value is data. */
  private static Object data(String key, Object value) {
    return key.equals(InventoryDraft.PRIORITY) ? value : HostText.mark(value);
  }
}
