package io.pagetune.playbook;

import io.pagetune.connection.ConnectionSpec;
import io.pagetune.error.InputException;
import io.pagetune.error.Suggestions;
import io.pagetune.yaml.YamlValue;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/** The keywords only a play has: hosts, vars and vars_files, serial, strategy, failure limits. */
final class PlayKeywords {
  private PlayKeywords() {}

  static String hosts(YamlValue v) {
    if (v instanceof YamlValue.Seq s) {
      List<String> parts = new ArrayList<>();
      for (YamlValue item : s.items()) {
        parts.add(YamlFields.string(item, "hosts entry"));
      }
      return String.join(":", parts);
    }
    String h = YamlFields.string(v, "hosts");
    if (h == null || h.isBlank()) {
      throw new InputException(v.location(), "hosts is empty");
    }
    return h;
  }

  /** The play's {@code vars}, with {@code connection} and {@code remote_user} as variables. */
  static Map<String, Object> vars(YamlValue.Mapping m) {
    Map<String, Object> vars =
        m.has("vars") ? YamlFields.plainMap(m.get("vars"), "vars") : new LinkedHashMap<>();
    if (m.has("connection")) {
      vars.put("ansible_connection", YamlFields.string(m.get("connection"), "connection"));
    }
    if (m.has("remote_user")) {
      // below the inventory's ansible_user, as in Ansible (see ConnectionSpec)
      vars.put(
          ConnectionSpec.PLAY_REMOTE_USER, YamlFields.string(m.get("remote_user"), "remote_user"));
    }
    return vars;
  }

  /**
   * The play's {@code vars_files}; each one that is not templated must exist and is handed to
   * {@code check} (which parses it) now, before any host is contacted.
   */
  static List<Path> varsFiles(YamlValue.Mapping m, Path baseDir, Consumer<Path> check) {
    List<Path> varsFiles = new ArrayList<>();
    if (!m.has("vars_files")) {
      return varsFiles;
    }
    for (YamlValue v : listOrSingle(m.get("vars_files"))) {
      String name = YamlFields.string(v, "vars_files entry");
      Path p = baseDir.resolve(name).normalize();
      if (!name.contains("${")) {
        if (!Files.isRegularFile(p)) {
          throw new InputException(v.location(), "vars_files: " + name + " not found");
        }
        check.accept(p);
      }
      varsFiles.add(p);
    }
    return varsFiles;
  }

  static Serial serial(YamlValue.Mapping m) {
    if (!m.has("serial")) {
      return Serial.ALL;
    }
    List<String> sizes = new ArrayList<>();
    for (YamlValue item : listOrSingle(m.get("serial"))) {
      String s = YamlFields.string(item, "serial");
      if (s == null || !s.trim().matches("[0-9]+(\\.[0-9]+)?%|[0-9]+")) {
        throw new InputException(
            item.location(), "serial must be a number, a percentage like '30%', or a list of them");
      }
      sizes.add(s.trim());
    }
    return new Serial(sizes);
  }

  static Play.Strategy strategy(YamlValue.Mapping m) {
    if (!m.has("strategy")) {
      return Play.Strategy.DEFAULT;
    }
    YamlValue v = m.get("strategy");
    String s = YamlFields.string(v, "strategy");
    if ("linear".equals(s)) {
      return Play.Strategy.LINEAR;
    }
    if ("free".equals(s)) {
      return Play.Strategy.FREE;
    }
    throw new InputException(
        v.location(),
        "strategy must be linear or free, got '"
            + s
            + "'"
            + Suggestions.didYouMean(String.valueOf(s), List.of("linear", "free")));
  }

  static Integer maxFailPercentage(YamlValue.Mapping m) {
    if (!m.has("max_fail_percentage")) {
      return null;
    }
    YamlValue v = m.get("max_fail_percentage");
    Integer p = YamlFields.integer(v, "max_fail_percentage");
    if (p < 0 || p > 100) {
      throw new InputException(v.location(), "max_fail_percentage must be between 0 and 100");
    }
    return p;
  }

  /** A play-level switch that is off unless set. */
  static boolean flag(YamlValue.Mapping m, String key) {
    return m.has(key) && YamlFields.bool(m.get(key), key);
  }

  static List<YamlValue> listOrSingle(YamlValue v) {
    return v instanceof YamlValue.Seq s ? s.items() : List.of(v);
  }
}
