package io.pagetune.template;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Python's {@code LooseVersion}, the {@code version} test's default: the text is cut at runs of
 * digits, runs of lower-case letters and dots; the dots go, digit runs become numbers and every
 * other piece ({@code -}, {@code _}, upper-case letters) stays text. Versions compare as Python
 * lists do: the first unequal pair decides, a prefix sorts first, and a number met by text there is
 * an error (Python 3 cannot order int and str), never a guess.
 */
record LooseVersion(List<Object> parts) {
  private static final Pattern PIECE = Pattern.compile("\\p{Nd}+|[a-z]+|\\.");

  LooseVersion {
    parts = List.copyOf(parts);
  }

  static LooseVersion parse(String text) {
    List<Object> out = new ArrayList<>();
    Matcher m = PIECE.matcher(text);
    int at = 0;
    while (m.find()) {
      add(out, text.substring(at, m.start()));
      add(out, m.group());
      at = m.end();
    }
    add(out, text.substring(at));
    return new LooseVersion(out);
  }

  private static void add(List<Object> out, String piece) {
    if (piece.isEmpty() || piece.equals(".")) {
      return;
    }
    out.add(piece.codePoints().allMatch(Character::isDigit) ? new BigInteger(piece) : piece);
  }

  int compareTo(LooseVersion o) {
    for (int i = 0; i < Math.min(parts.size(), o.parts.size()); i++) {
      Object p = parts.get(i);
      Object q = o.parts.get(i);
      if (p.equals(q)) {
        continue;
      }
      if (p instanceof BigInteger x && q instanceof BigInteger y) {
        return x.compareTo(y);
      }
      if (p instanceof String x && q instanceof String y) {
        return codePointOrder(x, y);
      }
      throw new IllegalArgumentException(
          "'<' not supported between instances of '"
              + (p instanceof String ? "str" : "int")
              + "' and '"
              + (q instanceof String ? "str" : "int")
              + "'");
    }
    return Integer.compare(parts.size(), o.parts.size());
  }

  /** Python orders text by code point, where Java's compareTo orders UTF-16 units. */
  private static int codePointOrder(String a, String b) {
    int[] x = a.codePoints().toArray();
    int[] y = b.codePoints().toArray();
    return java.util.Arrays.compare(x, y);
  }
}
