package io.pagetune.executor.task;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import io.pagetune.template.HostText;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * ansible-core 2.14.18's action plugins, checked on the development machine: {@code set_fact: {x:
 * "{{ 'a' | ternary('yes', 'no') }}"}} then {@code copy: content="x={{ x }}"} writes {@code
 * x=True}; {@code copy: content="{{ {'pages': 1024} | to_json }}\n"} writes {@code {"pages": 1024}}
 * with no newline (the text reads back as a dict, which the action dumps as JSON).
 */
class ActionArgumentsTest {
  @Test
  void setFactReadsBooleanWordsAsBooleans() {
    Map<String, Object> args = new LinkedHashMap<>();
    args.put("a", "yes");
    args.put("b", "No");
    args.put("c", "TRUE");
    args.put("d", new HostText("false"));
    args.put("e", "y");
    args.put("f", 1L);
    args.put("g", null);
    Map<String, Object> out = ActionArguments.adjust("set_fact", args);
    assertEquals(true, out.get("a"));
    assertEquals(false, out.get("b"));
    assertEquals(true, out.get("c"));
    assertEquals(false, out.get("d"));
    assertEquals("y", out.get("e"));
    assertEquals(1L, out.get("f"));
    assertEquals(null, out.get("g"));
  }

  @Test
  void copyWritesADictOrListContentAsJson() {
    Map<String, Object> dict = new LinkedHashMap<>();
    dict.put("pages", 1024L);
    dict.put("hosts", List.of("db1"));
    Map<String, Object> args = new LinkedHashMap<>(Map.of("dest", "/etc/x.json"));
    args.put("content", dict);
    assertEquals(
        "{\"pages\": 1024, \"hosts\": [\"db1\"]}",
        ActionArguments.adjust("copy", args).get("content"));
    Map<String, Object> text = Map.of("dest", "/etc/x", "content", "a\n");
    assertSame(text, ActionArguments.adjust("copy", text));
  }
}
