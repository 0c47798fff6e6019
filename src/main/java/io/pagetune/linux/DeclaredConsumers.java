package io.pagetune.linux;

import io.pagetune.pages.PageSize;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** {@code hugepages_consumers}: the pool's other users, each {@code {name, bytes}}. */
public final class DeclaredConsumers {
  private DeclaredConsumers() {}

  /** The declared consumers; a malformed entry is an {@link IllegalArgumentException}. */
  public static List<HugePageConsumer> parse(Object raw) {
    List<HugePageConsumer> out = new ArrayList<>();
    if (raw == null || (raw instanceof String s && s.isBlank())) {
      return out;
    }
    if (!(raw instanceof List<?> list)) {
      throw new IllegalArgumentException("consumers must be a list of {name, bytes}, got " + raw);
    }
    for (Object o : list) {
      if (!(o instanceof Map<?, ?> m) || m.get("name") == null || m.get("bytes") == null) {
        throw new IllegalArgumentException("each consumer needs name and bytes, got " + o);
      }
      Optional<PageSize> bytes = PageSize.parse(String.valueOf(m.get("bytes")));
      if (bytes.isEmpty()) {
        throw new IllegalArgumentException(
            "bytes of consumer "
                + m.get("name")
                + " is not a size like 12G or a byte count: "
                + m.get("bytes"));
      }
      out.add(new HugePageConsumer(String.valueOf(m.get("name")), bytes.get().bytes(), "declared"));
    }
    return out;
  }
}
