package io.pagetune.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The JSON of ad-hoc results is Python's {@code json.dumps(sort_keys=True, ensure_ascii=False)} as
 * Ansible's callbacks call it; the expected texts were printed by python3 for the same value.
 */
class AnsibleJsonTest {
  private static Map<String, Object> value() {
    Map<String, Object> v = new LinkedHashMap<>();
    v.put("b", List.of());
    java.util.HashMap<String, Object> nested = new java.util.HashMap<>();
    nested.put("x", java.util.Arrays.asList(1, "é\n"));
    v.put("a", nested);
    v.put("c", null);
    v.put("d", Map.of());
    return v;
  }

  @Test
  void prettyIsIndentedByFourWithSortedKeys() {
    assertEquals(
        "{\n"
            + "    \"a\": {\n"
            + "        \"x\": [\n"
            + "            1,\n"
            + "            \"é\\n\"\n"
            + "        ]\n"
            + "    },\n"
            + "    \"b\": [],\n"
            + "    \"c\": null,\n"
            + "    \"d\": {}\n"
            + "}",
        AnsibleJson.pretty(value()));
  }

  @Test
  void oneLineKeepsTheSpaceAfterColonsOnly() {
    assertEquals(
        "{\"a\": {\"x\": [1,\"é\\n\"]},\"b\": [],\"c\": null,\"d\": {}}",
        AnsibleJson.oneLine(value()));
  }
}
