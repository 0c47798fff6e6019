package io.pagetune.linux;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.snakeyaml.engine.v2.api.Load;
import org.snakeyaml.engine.v2.api.LoadSettings;

/** Reading the data of the rule fixtures: their YAML, optional files, and host trees to copy. */
final class FixtureData {
  private FixtureData() {}

  @SuppressWarnings("unchecked")
  static List<Map<String, Object>> maps(Object o) {
    return o instanceof List<?> l ? (List<Map<String, Object>>) l : List.of();
  }

  static List<String> strings(Object o) {
    List<String> out = new ArrayList<>();
    if (o instanceof List<?> l) {
      l.forEach(x -> out.add(String.valueOf(x)));
    }
    return out;
  }

  @SuppressWarnings("unchecked")
  static List<Map<String, Object>> yamlList(Path p) throws IOException {
    return (List<Map<String, Object>>)
        new Load(LoadSettings.builder().build()).loadFromString(Files.readString(p));
  }

  @SuppressWarnings("unchecked")
  static Map<String, Object> yamlMap(Path p) throws IOException {
    return (Map<String, Object>)
        new Load(LoadSettings.builder().build()).loadFromString(Files.readString(p));
  }

  static String optional(Path p) throws IOException {
    return Files.exists(p) ? Files.readString(p) : "";
  }

  static void copy(Path from, Path to) {
    try (Stream<Path> paths = Files.walk(from)) {
      for (Path p : paths.sorted().toList()) {
        Path t = to.resolve(from.relativize(p).toString());
        if (Files.isDirectory(p)) {
          Files.createDirectories(t);
        } else {
          Files.createDirectories(t.getParent());
          Files.copy(p, t, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
