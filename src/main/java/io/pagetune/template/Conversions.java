package io.pagetune.template;

import freemarker.template.TemplateMethodModelEx;
import freemarker.template.TemplateModel;
import freemarker.template.TemplateModelException;
import io.pagetune.modules.ArgCoercion;
import java.math.BigDecimal;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;

/**
 * FreeMarker spellings of the Ansible filters playbooks use most ({@code | int}, {@code | bool},
 * {@code | length}, {@code | regex_search}, {@code | human_to_bytes}). Each accepts a value whether
 * it came from YAML as a number or as a string (set_fact, registered stdout).
 */
final class Conversions {
  private static final Pattern HUMAN_SIZE =
      Pattern.compile(
          "\\s*([0-9]+(?:\\.[0-9]+)?)\\s*([KMGTP]?)(i?B?)?\\s*", Pattern.CASE_INSENSITIVE);

  private Conversions() {}

  static Map<String, TemplateMethodModelEx> all() {
    return Map.ofEntries(
        Map.entry("dict2items", args -> DictItems.toItems(arg(args, 0, "dict2items"))),
        Map.entry("items2dict", args -> DictItems.toDict(arg(args, 0, "items2dict"))),
        Map.entry("int", args -> toLong(arg(args, 0, "int"))),
        Map.entry("float", args -> toDouble(arg(args, 0, "float"))),
        Map.entry("bool", args -> toBool(arg(args, 0, "bool"))),
        Map.entry("length", args -> length(arg(args, 0, "length"))),
        Map.entry("regex_search", args -> regexSearch(args)),
        Map.entry("regex_replace", args -> regexReplace(args)),
        Map.entry("human_to_bytes", args -> humanToBytes(arg(args, 0, "human_to_bytes"))),
        Map.entry("lines", args -> List.of(String.valueOf(arg(args, 0, "lines")).split("\\R", -1))),
        Map.entry("sum", args -> sum(arg(args, 0, "sum"))),
        Map.entry("b64decode", args -> b64decode(arg(args, 0, "b64decode"))),
        Map.entry("b64encode", args -> b64encode(arg(args, 0, "b64encode"))));
  }

  /** {@code slurp}'s content as text (UTF-8, as Ansible's b64decode filter decodes). */
  private static String b64decode(Object v) throws TemplateModelException {
    try {
      return new String(
          java.util.Base64.getDecoder().decode(String.valueOf(v).replaceAll("\\s", "")),
          java.nio.charset.StandardCharsets.UTF_8);
    } catch (IllegalArgumentException e) {
      throw new TemplateModelException("b64decode(): not base64: " + e.getMessage());
    }
  }

  private static String b64encode(Object v) {
    return java.util.Base64.getEncoder()
        .encodeToString(String.valueOf(v).getBytes(java.nio.charset.StandardCharsets.UTF_8));
  }

  private static Object arg(List<?> args, int index, String fn) throws TemplateModelException {
    if (args.size() <= index) {
      throw new TemplateModelException(fn + "() needs " + (index + 1) + " argument(s)");
    }
    Object raw = args.get(index);
    if (raw == null) {
      // FreeMarker passes an undefined argument on as null: fail as Ansible's filters do, never
      // compute from nothing (length 0)
      throw new TemplateModelException(
          fn + "(): argument " + (index + 1) + " is undefined (give a default with x!'value')");
    }
    return raw instanceof TemplateModel tm ? Unwrap.plain(tm) : raw;
  }

  static long toLong(Object v) throws TemplateModelException {
    if (v instanceof Number n) {
      return n.longValue();
    }
    if (v instanceof Boolean b) {
      return b ? 1 : 0;
    }
    String s = String.valueOf(v).trim();
    try {
      return Long.parseLong(s);
    } catch (NumberFormatException e) {
      try {
        return new BigDecimal(s).longValue();
      } catch (NumberFormatException e2) {
        throw new TemplateModelException("int(): '" + s + "' is not a number");
      }
    }
  }

  private static double toDouble(Object v) throws TemplateModelException {
    if (v instanceof Number n) {
      return n.doubleValue();
    }
    try {
      return Double.parseDouble(String.valueOf(v).trim());
    } catch (NumberFormatException e) {
      throw new TemplateModelException("float(): '" + v + "' is not a number");
    }
  }

  private static boolean toBool(Object v) throws TemplateModelException {
    try {
      return ArgCoercion.toBool(v, IllegalArgumentException::new);
    } catch (IllegalArgumentException e) {
      throw new TemplateModelException("bool(): '" + v + "' is not a boolean");
    }
  }

  private static Object sum(Object v) throws TemplateModelException {
    if (!(v instanceof Collection<?> c)) {
      throw new TemplateModelException("sum() needs a list");
    }
    BigDecimal total = BigDecimal.ZERO;
    for (Object o : c) {
      total =
          total.add(
              o instanceof Number n
                  ? new BigDecimal(n.toString())
                  : new BigDecimal(String.valueOf(o).trim()));
    }
    return Unwrap.normalize(total);
  }

  private static long length(Object v) {
    if (v instanceof Collection<?> c) {
      return c.size();
    }
    if (v instanceof Map<?, ?> m) {
      return m.size();
    }
    return v == null ? 0 : String.valueOf(v).length();
  }

  private static Object regexSearch(List<?> args) throws TemplateModelException {
    String text = String.valueOf(arg(args, 0, "regex_search"));
    Matcher m =
        compile(String.valueOf(arg(args, 1, "regex_search"))).matcher(new InterruptibleText(text));
    if (!m.find()) {
      return null; // missing: test with ?? or default with !
    }
    return m.groupCount() >= 1 && m.group(1) != null ? m.group(1) : m.group();
  }

  private static Object regexReplace(List<?> args) throws TemplateModelException {
    String text = String.valueOf(arg(args, 0, "regex_replace"));
    Pattern p = compile(String.valueOf(arg(args, 1, "regex_replace")));
    String replacement = args.size() > 2 ? String.valueOf(arg(args, 2, "regex_replace")) : "";
    RegexReplacement how =
        args.size() > 2 && args.get(2) instanceof HostTextWrapper.HostScalar
            ? RegexReplacement.hostText(replacement)
            : RegexReplacement.written(replacement);
    return how.replaceAll(p.matcher(new InterruptibleText(text)));
  }

  private static Pattern compile(String regex) throws TemplateModelException {
    try {
      return Pattern.compile(regex, Pattern.MULTILINE);
    } catch (PatternSyntaxException e) {
      throw new TemplateModelException("invalid regular expression: " + e.getDescription());
    }
  }

  /** "12G", "12 GiB", "512M", "4096" → bytes (binary multiples, as Ansible's filter). */
  static long humanToBytes(Object v) throws TemplateModelException {
    if (v instanceof Number n) {
      return n.longValue();
    }
    Matcher m = HUMAN_SIZE.matcher(String.valueOf(v));
    if (!m.matches()) {
      throw new TemplateModelException("human_to_bytes(): cannot read size '" + v + "'");
    }
    BigDecimal number = new BigDecimal(m.group(1));
    String unit = m.group(2).toUpperCase(Locale.ROOT);
    int power = unit.isEmpty() ? 0 : "KMGTP".indexOf(unit) + 1;
    return number.multiply(BigDecimal.valueOf(1024).pow(power)).longValue();
  }
}
