package io.pagetune.playbook;

import io.pagetune.error.InputException;
import io.pagetune.yaml.YamlValue;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Typed reads of playbook keywords that fail with the keyword's location. */
final class YamlFields {
  private YamlFields() {}

  static YamlValue.Mapping mapping(YamlValue v, String what) {
    if (v instanceof YamlValue.Mapping m) {
      return m;
    }
    throw new InputException(v.location(), what + " must be a mapping");
  }

  static List<YamlValue> list(YamlValue v, String what) {
    if (v instanceof YamlValue.Seq s) {
      return s.items();
    }
    if (v instanceof YamlValue.Scalar sc && sc.value() == null) {
      return List.of();
    }
    throw new InputException(v.location(), what + " must be a list");
  }

  static String string(YamlValue v, String what) {
    if (v instanceof YamlValue.Scalar s) {
      return s.value() == null ? null : String.valueOf(s.value());
    }
    throw new InputException(v.location(), what + " must be a string");
  }

  static Boolean bool(YamlValue v, String what) {
    if (v instanceof YamlValue.Scalar s) {
      if (s.value() instanceof Boolean b) {
        return b;
      }
      if (s.value() instanceof String str && str.contains("${")) {
        throw new InputException(
            v.location(),
            what + " must be true or false (templated values are not supported here)");
      }
    }
    throw new InputException(v.location(), what + " must be true or false");
  }

  static Integer integer(YamlValue v, String what) {
    if (v instanceof YamlValue.Scalar s && s.value() instanceof Long l) {
      return Math.toIntExact(l);
    }
    throw new InputException(v.location(), what + " must be an integer");
  }

  /** A string or a list of strings (notify, tags, listen). Tags may also be comma separated. */
  static List<String> strings(YamlValue v, String what, boolean splitCommas) {
    List<String> out = new ArrayList<>();
    if (v instanceof YamlValue.Seq s) {
      for (YamlValue item : s.items()) {
        out.add(string(item, what));
      }
    } else if (v instanceof YamlValue.Scalar sc) {
      if (sc.value() == null) {
        return out;
      }
      String text = String.valueOf(sc.value());
      if (splitCommas) {
        for (String part : text.split(",")) {
          if (!part.isBlank()) {
            out.add(part.trim());
          }
        }
      } else {
        out.add(text);
      }
    } else {
      throw new InputException(v.location(), what + " must be a string or a list of strings");
    }
    return out;
  }

  /**
   * Conditions: a boolean, an expression or a list of them. An expression written as {@code
   * ${expr}} is accepted and unwrapped.
   */
  static List<String> conditions(YamlValue v, String what) {
    List<String> out = new ArrayList<>();
    List<YamlValue> items = v instanceof YamlValue.Seq s ? s.items() : List.of(v);
    for (YamlValue item : items) {
      if (!(item instanceof YamlValue.Scalar sc)) {
        throw new InputException(item.location(), what + " must be an expression or a list");
      }
      Object value = sc.value();
      if (value == null) {
        throw new InputException(item.location(), what + " is empty");
      }
      String expr = String.valueOf(value).strip();
      if (expr.startsWith("${") && expr.endsWith("}") && expr.indexOf("${", 2) < 0) {
        expr = expr.substring(2, expr.length() - 1);
      }
      out.add(expr);
    }
    return out;
  }

  @SuppressWarnings("unchecked")
  static Map<String, Object> plainMap(YamlValue v, String what) {
    if (v instanceof YamlValue.Scalar sc && sc.value() == null) {
      return new LinkedHashMap<>();
    }
    return (Map<String, Object>) mapping(v, what).toPlain();
  }
}
