package io.pagetune.inventory.dynamic;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.pagetune.state.Sha256;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What a dynamic inventory source returned, in the shape of Ansible's {@code --list} JSON: each
 * group's body as the source wrote it ({@code hosts}, {@code vars}, {@code children}, or a bare
 * host list) and every host's variables ({@code _meta.hostvars}, filled in from {@code --host} when
 * a script has no {@code _meta}). Values are plain Java values: String, Long, Double, Boolean,
 * null, List and Map.
 *
 * @param source the source as messages name it (the script or plugin file)
 * @param groups group name to its body, in the order the source gave them
 * @param hostVars host name to its variables
 */
public record InventoryDocument(
    String source, Map<String, Object> groups, Map<String, Map<String, Object>> hostVars) {
  public InventoryDocument {
    groups = Collections.unmodifiableMap(new LinkedHashMap<>(groups));
    hostVars = Collections.unmodifiableMap(new LinkedHashMap<>(hostVars));
  }

  /** Every host named by a group, in order, each once. */
  public List<String> hostNames() {
    List<String> out = new ArrayList<>();
    for (Object body : groups.values()) {
      for (String host : GroupBody.hosts(body)) {
        if (!out.contains(host)) {
          out.add(host);
        }
      }
    }
    return out;
  }

  /**
   * The SHA-256 of the answer, independent of key order: a saved plan keeps it, so that an apply
   * after the source answered differently is refused.
   */
  public String digest() {
    Map<String, Object> whole = new LinkedHashMap<>(groups);
    whole.put("_meta", Map.of("hostvars", hostVars));
    try {
      byte[] canonical =
          new ObjectMapper()
              .configure(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS, true)
              .writeValueAsBytes(whole);
      return "sha256:" + Sha256.hex(canonical);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot digest the inventory of " + source, e);
    }
  }
}
