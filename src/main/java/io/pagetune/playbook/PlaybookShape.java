package io.pagetune.playbook;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.snakeyaml.engine.v2.api.Load;
import org.snakeyaml.engine.v2.api.LoadSettings;

/** Tells a playbook (plays with {@code hosts}, or {@code import_playbook}) from a task file. */
final class PlaybookShape {
  private static final List<String> PLAY_KEYS =
      List.of("hosts", "import_playbook", "ansible.builtin.import_playbook");

  private PlaybookShape() {}

  /** Whether the file's first entry is a play; a file that does not parse is not one. */
  static boolean isPlaybook(Path file) {
    try {
      Object root = new Load(LoadSettings.builder().build()).loadFromString(Files.readString(file));
      return root instanceof List<?> l
          && !l.isEmpty()
          && l.get(0) instanceof Map<?, ?> first
          && PLAY_KEYS.stream().anyMatch(first::containsKey);
    } catch (IOException | RuntimeException e) {
      return false; // its tasks are read next, and their error names the file
    }
  }
}
