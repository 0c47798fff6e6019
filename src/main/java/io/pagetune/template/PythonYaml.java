package io.pagetune.template;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.snakeyaml.engine.v2.api.Dump;
import org.snakeyaml.engine.v2.api.DumpSettings;
import org.snakeyaml.engine.v2.api.Load;
import org.snakeyaml.engine.v2.api.LoadSettings;
import org.snakeyaml.engine.v2.common.FlowStyle;

/**
 * YAML as Ansible's {@code to_yaml} (flow style for leaf collections) and {@code to_nice_yaml}
 * (block style, indent 4) write it, keys sorted as PyYAML sorts them; and {@code from_yaml}.
 */
final class PythonYaml {
  private PythonYaml() {}

  static String dump(Object v, boolean nice) {
    DumpSettings settings =
        DumpSettings.builder()
            .setDefaultFlowStyle(nice ? FlowStyle.BLOCK : FlowStyle.AUTO)
            .setIndent(nice ? 4 : 2)
            .setWidth(80)
            .build();
    return new Dump(settings).dumpToString(sorted(v));
  }

  private static Object sorted(Object v) {
    if (v instanceof Map<?, ?> m) {
      Map<String, Object> out = new TreeMap<>();
      m.forEach((k, x) -> out.put(String.valueOf(k), sorted(x)));
      return new LinkedHashMap<>(out);
    }
    if (v instanceof Iterable<?> l) {
      List<Object> out = new ArrayList<>();
      l.forEach(x -> out.add(sorted(x)));
      return out;
    }
    return v instanceof HostText h ? h.text() : v;
  }

  static Object load(String text) {
    Object v = new Load(LoadSettings.builder().build()).loadFromString(text);
    return v instanceof Integer i ? Long.valueOf(i) : v;
  }
}
