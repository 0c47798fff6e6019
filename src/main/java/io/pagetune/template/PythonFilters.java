package io.pagetune.template;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Filters whose Python results Jinjava does not give: Jinja2's {@code sum}, {@code max}, {@code
 * min} (ints stay ints, mixed numbers compare as numbers, strings without case by default) and
 * Ansible's {@code zip}, {@code product}, {@code hash}, {@code checksum}, {@code quote}, {@code
 * splitext}, {@code human_to_bytes}, {@code human_readable} and {@code type_debug}.
 */
final class PythonFilters {
  private static final Pattern HUMAN = Pattern.compile("^\\s*(\\d*\\.?\\d*)\\s*([A-Za-z]+)?\\s*$");
  private static final String UNITS = "BKMGTPEZY";
  private static final Pattern SHELL_SAFE = Pattern.compile("[A-Za-z0-9_@%+=:,./-]+");

  private PythonFilters() {}

  static List<JinjaFilter> all() {
    List<JinjaFilter> out = new ArrayList<>();
    out.add(new JinjaFilter("sum", PythonFilters::sum));
    out.add(new JinjaFilter("sort", PythonFilters::sort));
    out.add(new JinjaFilter("max", (v, a, k) -> extreme(v, k, 1)));
    out.add(new JinjaFilter("min", (v, a, k) -> extreme(v, k, -1)));
    out.add(new JinjaFilter("zip", (v, a, k) -> zip(v, a)));
    out.add(new JinjaFilter("dictsort", PythonFilters::dictsort));
    out.add(new JinjaFilter("product", (v, a, k) -> product(v, a)));
    out.add(
        new JinjaFilter(
            "hash",
            (v, a, k) -> hash(v, String.valueOf(JinjaFilter.arg(a, k, 0, "hashtype", "sha1")))));
    out.add(new JinjaFilter("checksum", (v, a, k) -> hash(v, "sha1")));
    out.add(new JinjaFilter("quote", (v, a, k) -> quote(PythonText.str(v))));
    out.add(new JinjaFilter("splitext", (v, a, k) -> splitext(PythonText.str(v))));
    out.add(
        new JinjaFilter(
            "human_to_bytes",
            (v, a, k) ->
                humanToBytes(
                    PythonText.str(v),
                    JinjaFilter.arg(a, k, 0, "default_unit", null),
                    JinjaFilter.truthy(JinjaFilter.arg(a, k, 1, "isbits", false)))));
    out.add(
        new JinjaFilter(
            "human_readable",
            (v, a, k) ->
                humanReadable(
                    number(v),
                    JinjaFilter.truthy(JinjaFilter.arg(a, k, 0, "isbits", false)),
                    JinjaFilter.arg(a, k, 1, "unit", null))));
    out.add(new JinjaFilter("type_debug", (v, a, k) -> typeName(v)));
    return out;
  }

  /** Python's {@code type(v).__name__} for the values a template holds. */
  static String typeName(Object v) {
    if (v == null) {
      return "NoneType";
    }
    if (v instanceof Boolean) {
      return "bool";
    }
    if (v instanceof Long || v instanceof Integer || v instanceof BigInteger) {
      return "int";
    }
    if (v instanceof Number) {
      return "float";
    }
    if (v instanceof Map) {
      return "dict";
    }
    if (v instanceof Collection) {
      return "list";
    }
    return "str";
  }

  private static Object sum(Object v, List<Object> args, Map<String, Object> kwargs) {
    Object attribute = kwargs.get("attribute");
    Object total = JinjaFilter.arg(args, kwargs, 1, "start", 0L);
    if (args.size() == 1 && !kwargs.containsKey("attribute")) {
      attribute = args.get(0);
    }
    for (Object x : iterable(v)) {
      Object item = attribute == null ? x : ((Map<?, ?>) x).get(String.valueOf(attribute));
      total = add(total, item);
    }
    return total;
  }

  private static Object add(Object a, Object b) {
    if (a instanceof Collection<?> l && b instanceof Collection<?> m) {
      List<Object> out = new ArrayList<>(l);
      out.addAll(m);
      return out;
    }
    if (integral(a) && integral(b)) {
      return Math.addExact(((Number) a).longValue(), ((Number) b).longValue());
    }
    return number(a).doubleValue() + number(b).doubleValue();
  }

  private static boolean integral(Object v) {
    return v instanceof Long || v instanceof Integer || v instanceof Boolean;
  }

  private static Number number(Object v) {
    if (v instanceof Boolean b) {
      return b ? 1L : 0L;
    }
    if (v instanceof Number n) {
      return n;
    }
    throw new IllegalArgumentException("unsupported operand type(s) for +: '" + typeName(v) + "'");
  }

  private static Object extreme(Object v, Map<String, Object> kwargs, int sign) {
    boolean caseSensitive = JinjaFilter.truthy(kwargs.get("case_sensitive"));
    Object attribute = kwargs.get("attribute");
    Comparator<Object> order =
        (x, y) -> compare(key(x, attribute, caseSensitive), key(y, attribute, caseSensitive));
    Object best = null;
    boolean first = true;
    for (Object x : iterable(v)) {
      if (first || sign * order.compare(x, best) > 0) {
        best = x;
        first = false;
      }
    }
    return first ? AnsibleUndefined.because("No aggregated item, sequence was empty.") : best;
  }

  /** Jinja2's sort: a dict's keys, strings without case unless asked, by attribute if given. */
  private static Object sort(Object v, List<Object> args, Map<String, Object> kwargs) {
    boolean reverse = JinjaFilter.truthy(JinjaFilter.arg(args, kwargs, 0, "reverse", false));
    boolean caseSensitive =
        JinjaFilter.truthy(JinjaFilter.arg(args, kwargs, 1, "case_sensitive", false));
    Object attribute = JinjaFilter.arg(args, kwargs, 2, "attribute", null);
    List<Object> out = list(v);
    Comparator<Object> order =
        (x, y) -> compare(key(x, attribute, caseSensitive), key(y, attribute, caseSensitive));
    out.sort(reverse ? order.reversed() : order);
    return out;
  }

  /**
   * Jinja2's {@code dictsort(case_sensitive=False, by='key', reverse=False)}: the (key, value)
   * tuples of a dict, ordered by key or value.
   */
  private static Object dictsort(Object v, List<Object> args, Map<String, Object> kwargs) {
    if (!(v instanceof Map<?, ?> m)) {
      throw new IllegalArgumentException("You can only sort by either \"key\" or \"value\"");
    }
    boolean caseSensitive =
        JinjaFilter.truthy(JinjaFilter.arg(args, kwargs, 0, "case_sensitive", false));
    String by = String.valueOf(JinjaFilter.arg(args, kwargs, 1, "by", "key"));
    boolean reverse = JinjaFilter.truthy(JinjaFilter.arg(args, kwargs, 2, "reverse", false));
    if (!by.equals("key") && !by.equals("value")) {
      throw new IllegalArgumentException("You can only sort by either \"key\" or \"value\"");
    }
    int at = by.equals("key") ? 0 : 1;
    List<PythonTuple> out = new ArrayList<>();
    m.forEach((k, x) -> out.add(PythonTuple.of(k, x)));
    Comparator<PythonTuple> order =
        (x, y) -> compare(key(x.get(at), null, caseSensitive), key(y.get(at), null, caseSensitive));
    out.sort(reverse ? order.reversed() : order);
    return out;
  }

  private static Object key(Object x, Object attribute, boolean caseSensitive) {
    Object k = attribute == null ? x : ((Map<?, ?>) x).get(String.valueOf(attribute));
    return !caseSensitive && k instanceof String s ? s.toLowerCase(Locale.ROOT) : k;
  }

  /** Python's ordering of two numbers or two strings; anything else cannot be compared. */
  static int compare(Object a, Object b) {
    if ((a instanceof Number || a instanceof Boolean)
        && (b instanceof Number || b instanceof Boolean)) {
      return Double.compare(number(a).doubleValue(), number(b).doubleValue());
    }
    if (a instanceof CharSequence && b instanceof CharSequence) {
      return a.toString().compareTo(b.toString());
    }
    throw new IllegalArgumentException(
        "'<' not supported between instances of '" + typeName(a) + "' and '" + typeName(b) + "'");
  }

  private static Iterable<?> iterable(Object v) {
    if (v instanceof Map<?, ?> m) {
      return m.keySet();
    }
    if (v instanceof Iterable<?> i) {
      return i;
    }
    if (v instanceof CharSequence s) {
      return characters(s.toString());
    }
    throw new IllegalArgumentException("'" + typeName(v) + "' object is not iterable");
  }

  private static List<Object> characters(String s) {
    List<Object> chars = new ArrayList<>();
    s.codePoints().forEach(c -> chars.add(new String(Character.toChars(c))));
    return chars;
  }

  private static List<Object> zip(Object v, List<Object> others) {
    List<List<Object>> lists = new ArrayList<>();
    lists.add(list(v));
    others.forEach(o -> lists.add(list(o)));
    int n = lists.stream().mapToInt(List::size).min().orElse(0);
    List<Object> out = new ArrayList<>();
    for (int i = 0; i < n; i++) {
      List<Object> row = new ArrayList<>();
      for (List<Object> l : lists) {
        row.add(l.get(i));
      }
      out.add(new PythonTuple(row));
    }
    return out;
  }

  private static List<Object> product(Object v, List<Object> others) {
    List<Object> rows = new ArrayList<>();
    rows.add(List.of());
    List<List<Object>> lists = new ArrayList<>();
    lists.add(list(v));
    others.forEach(o -> lists.add(list(o)));
    for (List<Object> l : lists) {
      List<Object> next = new ArrayList<>();
      for (Object row : rows) {
        for (Object x : l) {
          List<Object> r = new ArrayList<>((List<?>) row);
          r.add(x);
          next.add(r);
        }
      }
      if (next.size() > JinjaFunctions.MAX_RANGE) {
        throw new IllegalArgumentException("product: too many combinations");
      }
      rows = next;
    }
    return rows.stream()
        .map(r -> (Object) new PythonTuple(new ArrayList<Object>((List<?>) r)))
        .toList();
  }

  private static List<Object> list(Object v) {
    List<Object> out = new ArrayList<>();
    iterable(v).forEach(out::add);
    return out;
  }

  /**
   * Jinja2's {@code list} filter, which is Python's {@code list()}: a dict gives its keys, text its
   * characters (host text stays host text), a list a copy; also the iterator or array that
   * Jinjava's own filters ({@code reverse}) hand over.
   */
  static Object listFilter(Object v) {
    if (v instanceof HostText h) {
      return HostText.mark(characters(h.text()));
    }
    if (v instanceof java.util.Iterator<?> it) {
      List<Object> out = new ArrayList<>();
      it.forEachRemaining(out::add);
      return out;
    }
    if (v instanceof Object[] array) {
      return new ArrayList<Object>(java.util.Arrays.asList(array));
    }
    return list(v);
  }

  static String hash(Object v, String type) {
    String algorithm =
        switch (type.toLowerCase(Locale.ROOT)) {
          case "md5" -> "MD5";
          case "sha1" -> "SHA-1";
          case "sha224" -> "SHA-224";
          case "sha256" -> "SHA-256";
          case "sha384" -> "SHA-384";
          case "sha512" -> "SHA-512";
          default -> throw new IllegalArgumentException("unsupported hash type " + type);
        };
    try {
      MessageDigest md = MessageDigest.getInstance(algorithm);
      return HexFormat.of()
          .formatHex(md.digest(PythonText.str(v).getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalArgumentException("unsupported hash type " + type, e);
    }
  }

  /** Python's {@code shlex.quote}. */
  static String quote(String s) {
    if (s.isEmpty()) {
      return "''";
    }
    if (SHELL_SAFE.matcher(s).matches()) {
      return s;
    }
    return "'" + s.replace("'", "'\"'\"'") + "'";
  }

  /** Python's {@code os.path.splitext}, as a pair. */
  static List<Object> splitext(String path) {
    int slash = path.lastIndexOf('/');
    int dot = path.lastIndexOf('.');
    if (dot > slash) {
      int nameStart = slash + 1;
      // leading dots of the file name are part of its root (".bashrc" has no extension)
      boolean onlyDotsBefore = path.substring(nameStart, dot).chars().allMatch(c -> c == '.');
      if (!onlyDotsBefore) {
        return PythonTuple.of(path.substring(0, dot), path.substring(dot));
      }
    }
    return PythonTuple.of(path, "");
  }

  /** Ansible's {@code human_to_bytes}: a size with an optional unit (K, MB, G…), in bytes. */
  static long humanToBytes(String text, Object defaultUnit, boolean isbits) {
    Matcher m = HUMAN.matcher(text);
    if (!m.matches() || m.group(1).isEmpty() || m.group(1).equals(".")) {
      throw new IllegalArgumentException(
          "human_to_bytes() can't interpret following string: " + text);
    }
    double num = Double.parseDouble(m.group(1));
    String unit =
        m.group(2) != null ? m.group(2) : (defaultUnit == null ? null : defaultUnit.toString());
    if (unit == null) {
      return Math.round(num);
    }
    int power = UNITS.indexOf(Character.toUpperCase(unit.charAt(0)));
    if (power < 0) {
      throw new IllegalArgumentException(
          "human_to_bytes() failed to convert " + text + ". Value is not a valid string");
    }
    String suffix = isbits ? "b" : "B";
    boolean fits =
        unit.length() == 1
            ? power > 0 || unit.equals(suffix)
            : unit.equals(unit.charAt(0) + suffix)
                || (!isbits && unit.equalsIgnoreCase(unit.charAt(0) + "B") && unit.endsWith("B"));
    if (!fits) {
      throw new IllegalArgumentException(
          "human_to_bytes() failed to convert " + text + ". Value is not a valid string");
    }
    double bytes = num * Math.pow(2, 10.0 * power);
    return Math.round(bytes);
  }

  /** Ansible's {@code human_readable}: bytes (or bits) with two decimals in the largest unit. */
  static String humanReadable(Number size, boolean isbits, Object unit) {
    String base = isbits ? "bits" : "Bytes";
    double s = size.doubleValue();
    for (int p = UNITS.length() - 1; p >= 0; p--) {
      double limit = Math.pow(2, 10.0 * p);
      boolean chosen =
          unit == null
              ? s >= limit
              : String.valueOf(unit).toUpperCase(Locale.ROOT).charAt(0) == UNITS.charAt(p);
      if (chosen || p == 0) {
        String suffix = p == 0 ? base : UNITS.charAt(p) + base.substring(0, 1);
        return String.format(Locale.ROOT, "%.2f %s", s / limit, suffix);
      }
    }
    throw new IllegalStateException("unreachable");
  }
}
