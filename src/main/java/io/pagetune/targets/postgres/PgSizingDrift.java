package io.pagetune.targets.postgres;

import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * Whether the cluster's next start maps what its pool is sized from. The size comes from the
 * running server (or {@code postgres -C}, which reads the files but not the start command's
 * options); when the settings the next start reads ({@link PgSettings}) give another {@code
 * shared_buffers} or {@code huge_page_size}, the pool would be sized for the wrong segment or page
 * size and {@code huge_pages = on} could fail at that start, so the task is refused with both
 * values and where the next one stands.
 */
final class PgSizingDrift {
  private static final List<String> NAMES = List.of("shared_buffers", "huge_page_size");

  private PgSizingDrift() {}

  static Optional<String> of(PgSettings next, PgClusterState now) {
    for (String name : NAMES) {
      // shared_buffers counts 8 kB blocks, huge_page_size kB, in pg_settings and without a unit
      long unit = name.equals("shared_buffers") ? 8192 : 1024;
      Optional<PgSetting> set = next.effective(name);
      OptionalLong nextBytes =
          set.map(s -> PgMemorySetting.bytes(s.value(), unit)).orElse(OptionalLong.empty());
      OptionalLong nowBytes =
          now.setting(name).map(v -> PgMemorySetting.bytes(v, unit)).orElse(OptionalLong.empty());
      if (name.equals("huge_page_size")) {
        // 0 is the kernel's default huge page size
        nextBytes = orDefault(nextBytes, now);
        nowBytes = orDefault(nowBytes, now);
      }
      if (nextBytes.isPresent()
          && nowBytes.isPresent()
          && nextBytes.getAsLong() != nowBytes.getAsLong()) {
        return Optional.of(
            set.get().describe()
                + " is what the next start reads, but the "
                + now.settingsFrom()
                + " has "
                + name
                + " = "
                + now.setting(name).get()
                + " ("
                + nowBytes.getAsLong()
                + " bytes): the pool would be sized for the other one; restart the cluster with"
                + " its new settings first, or make them agree");
      }
    }
    return Optional.empty();
  }

  private static OptionalLong orDefault(OptionalLong bytes, PgClusterState now) {
    return bytes.isPresent() && bytes.getAsLong() == 0
        ? OptionalLong.of(now.meminfo("Hugepagesize").orElse(0) << 10)
        : bytes;
  }
}
