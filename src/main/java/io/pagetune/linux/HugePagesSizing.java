package io.pagetune.linux;

import java.util.List;

/** The outcome of sizing {@code vm.nr_hugepages}: a page count, or a refusal with its reason. */
public sealed interface HugePagesSizing {
  /** {@code pages} of {@code pageBytes} each; {@code breakdown} explains each contribution. */
  record Sized(long pages, long pageBytes, List<String> breakdown) implements HugePagesSizing {
    public Sized {
      breakdown = List.copyOf(breakdown);
    }

    public long poolBytes() {
      return pages * pageBytes;
    }
  }

  record Refused(String reason) implements HugePagesSizing {}
}
