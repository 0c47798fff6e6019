package io.pagetune.playbook;

import java.util.ArrayList;
import java.util.List;

/**
 * {@code serial:} batch sizes: numbers or percentages; the last size repeats until all hosts ran.
 * Empty = all hosts in one batch.
 */
public record Serial(List<String> sizes) {
  public static final Serial ALL = new Serial(List.of());

  public Serial {
    sizes = List.copyOf(sizes);
  }

  /** Splits hosts into batches. */
  public <T> List<List<T>> batches(List<T> hosts) {
    List<List<T>> out = new ArrayList<>();
    if (sizes.isEmpty() || hosts.isEmpty()) {
      out.add(List.copyOf(hosts));
      return out;
    }
    int i = 0;
    int step = 0;
    while (i < hosts.size()) {
      int size = size(sizes.get(Math.min(step, sizes.size() - 1)), hosts.size());
      int end = Math.min(hosts.size(), i + size);
      out.add(List.copyOf(hosts.subList(i, end)));
      i = end;
      step++;
    }
    return out;
  }

  static int size(String spec, int total) {
    String s = spec.trim();
    int n;
    if (s.endsWith("%")) {
      double pct = Double.parseDouble(s.substring(0, s.length() - 1).trim());
      n = (int) Math.floor(total * pct / 100.0);
    } else {
      n = Integer.parseInt(s);
    }
    return Math.max(1, n <= 0 ? total : n);
  }
}
