package io.pagetune.targets.postgres;

import java.util.List;
import java.util.Optional;

/**
 * The settings a cluster's next start reads, in the server's order (see {@link PgSettingsReader}):
 * the last assignment of a parameter is the one it uses.
 *
 * @param assignments every assignment in reading order
 * @param files the configuration files read, in order
 * @param notes what was skipped and why (a missing {@code include_if_exists})
 * @param error why the server would refuse its configuration (a missing include, a cycle, a syntax
 *     error), naming the file and line
 */
record PgSettings(
    List<PgSetting> assignments, List<String> files, List<String> notes, Optional<String> error) {
  PgSettings {
    assignments = List.copyOf(assignments);
    files = List.copyOf(files);
    notes = List.copyOf(notes);
  }

  /** The assignment the server uses for {@code name}: the last one read. */
  Optional<PgSetting> effective(String name) {
    Optional<PgSetting> out = Optional.empty();
    for (PgSetting s : assignments) {
      if (s.name().equals(name)) {
        out = Optional.of(s);
      }
    }
    return out;
  }

  boolean reads(String path) {
    return files.contains(path);
  }
}
