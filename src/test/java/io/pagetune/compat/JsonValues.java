package io.pagetune.compat;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Iterator;
import java.util.Map;

/**
 * Equality of two JSON values as Python sees the values they stand for: a number equals a number of
 * the same kind (integral or floating) and value whatever its JSON width, keys in any order.
 */
final class JsonValues {
  private JsonValues() {}

  static boolean same(JsonNode a, JsonNode b) {
    if (a.isNumber() && b.isNumber()) {
      return a.isIntegralNumber() == b.isIntegralNumber()
          && a.decimalValue().compareTo(b.decimalValue()) == 0;
    }
    if (a.isArray() && b.isArray()) {
      if (a.size() != b.size()) {
        return false;
      }
      for (int i = 0; i < a.size(); i++) {
        if (!same(a.get(i), b.get(i))) {
          return false;
        }
      }
      return true;
    }
    if (a.isObject() && b.isObject()) {
      if (a.size() != b.size()) {
        return false;
      }
      Iterator<Map.Entry<String, JsonNode>> fields = a.fields();
      while (fields.hasNext()) {
        Map.Entry<String, JsonNode> f = fields.next();
        if (!b.has(f.getKey()) || !same(f.getValue(), b.get(f.getKey()))) {
          return false;
        }
      }
      return true;
    }
    return a.equals(b);
  }
}
