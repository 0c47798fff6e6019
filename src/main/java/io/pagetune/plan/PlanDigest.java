package io.pagetune.plan;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.pagetune.state.Sha256;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;

/**
 * The digest of a plan: SHA-256 of its canonical JSON (keys sorted at every level, no whitespace,
 * the {@code digest} field left out), so that the same plan has the same digest however it was
 * indented, and any change to any value changes it.
 */
public final class PlanDigest {
  static final String FIELD = "digest";
  private static final ObjectMapper COMPACT = new ObjectMapper();

  private PlanDigest() {}

  /** "sha256:" and 64 hex digits. */
  public static String of(JsonNode plan) {
    return "sha256:" + Sha256.hex(canonical(plan, FIELD));
  }

  /** The plan's canonical form without the fields named, as UTF-8. */
  static byte[] canonical(JsonNode plan, String... leftOut) {
    JsonNode copy = plan.deepCopy();
    if (copy instanceof ObjectNode o) {
      for (String field : leftOut) {
        o.remove(field);
      }
    }
    try {
      return COMPACT.writeValueAsString(sorted(copy)).getBytes(StandardCharsets.UTF_8);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("a JSON tree always serialises", e);
    }
  }

  /** The first 12 hex digits, for lines people read. */
  public static String shortForm(String digest) {
    String hex = digest.startsWith("sha256:") ? digest.substring(7) : digest;
    return hex.substring(0, Math.min(12, hex.length()));
  }

  private static JsonNode sorted(JsonNode node) {
    if (node.isObject()) {
      List<String> names = new ArrayList<>();
      Iterator<String> it = node.fieldNames();
      it.forEachRemaining(names::add);
      Collections.sort(names);
      ObjectNode out = JsonNodeFactory.instance.objectNode();
      for (String n : names) {
        out.set(n, sorted(node.get(n)));
      }
      return out;
    }
    if (node.isArray()) {
      ArrayNode out = JsonNodeFactory.instance.arrayNode();
      node.forEach(e -> out.add(sorted(e)));
      return out;
    }
    return node;
  }
}
