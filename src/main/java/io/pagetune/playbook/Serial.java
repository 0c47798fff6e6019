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
    if (s.endsWith("%")) {
      double pct = Double.parseDouble(s.substring(0, s.length() - 1).trim());
      // a share smaller than one host still moves one host at a time
      return Math.max(1, (int) Math.floor(total * pct / 100.0));
    }
    int n = Integer.parseInt(s);
    return n <= 0 ? total : n; // serial: 0 means all hosts, as in Ansible
  }
}
