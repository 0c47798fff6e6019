package io.pagetune.template;

import com.hubspot.jinjava.objects.collections.PyList;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;

/**
 * A Python tuple: a list that prints as {@code ('a', 1)} and equals only another tuple. Tuple
 * literals, {@code dict.items()}, {@code zip}, {@code product}, {@code partition} and {@code
 * splitext} give one, as in Python; a template whose whole value is a tuple is its text, as
 * ansible-core 2.14 gives it.
 */
final class PythonTuple extends PyList {
  PythonTuple(List<Object> items) {
    super(Collections.unmodifiableList(new ArrayList<>(items)));
  }

  static PythonTuple of(Object... items) {
    return new PythonTuple(Arrays.asList(items));
  }

  /** Python's repr: {@code (1,)} for one item, {@code ()} for none. */
  String repr() {
    StringBuilder out = new StringBuilder("(");
    for (Object x : this) {
      if (out.length() > 1) {
        out.append(", ");
      }
      out.append(PythonText.repr(x));
    }
    return out.append(size() == 1 ? ",)" : ")").toString();
  }
}
