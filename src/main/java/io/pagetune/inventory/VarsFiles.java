package io.pagetune.inventory;

import io.pagetune.error.InputException;
import io.pagetune.error.SourceLocation;
import io.pagetune.template.UserTextCheck;
import io.pagetune.yaml.SourceText;
import io.pagetune.yaml.YamlReader;
import io.pagetune.yaml.YamlValue;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

/**
 * {@code group_vars/} and {@code host_vars/} beside an inventory. For a name, loads {@code <name>},
 * {@code <name>.yml}, {@code <name>.yaml}, {@code <name>.json} and every file of a directory {@code
 * <name>/} in lexical order; later files win.
 */
final class VarsFiles {
  private static final List<String> EXTENSIONS = List.of("", ".yml", ".yaml", ".json");

  private final YamlReader reader;
  private final List<Path> baseDirs;

  VarsFiles(YamlReader reader, List<Path> baseDirs) {
    this.reader = reader;
    this.baseDirs = List.copyOf(baseDirs);
  }

  Map<String, Object> groupVars(String group) {
    return load("group_vars", group);
  }

  Map<String, Object> hostVars(String host) {
    return load("host_vars", host);
  }

  private Map<String, Object> load(String kind, String name) {
    Map<String, Object> out = new LinkedHashMap<>();
    if (!isPlainFileName(name)) {
      return out; // a name such as '../x' must not reach outside the vars directory
    }
    for (Path base : baseDirs) {
      Path dir = base.resolve(kind);
      if (!Files.isDirectory(dir)) {
        continue;
      }
      for (String ext : EXTENSIONS) {
        Path candidate = dir.resolve(name + ext);
        if (Files.isDirectory(candidate)) {
          for (Path file : filesIn(candidate)) {
            out.putAll(read(file));
          }
        } else if (Files.isRegularFile(candidate)) {
          out.putAll(read(candidate));
        }
      }
    }
    return out;
  }

  private static boolean isPlainFileName(String name) {
    return !name.equals(".")
        && !name.equals("..")
        && name.indexOf('/') < 0
        && name.indexOf('\\') < 0
        && name.indexOf('\0') < 0;
  }

  private List<Path> filesIn(Path dir) {
    List<Path> files = new ArrayList<>();
    try (Stream<Path> walk = Files.walk(dir)) {
      walk.filter(Files::isRegularFile)
          .filter(p -> !p.getFileName().toString().startsWith("."))
          .filter(p -> EXTENSIONS.contains(extension(p.getFileName().toString())))
          .sorted()
          .forEach(files::add);
    } catch (IOException e) {
      throw new InputException(
          SourceLocation.of(reader.label(dir)), "cannot read directory: " + e.getMessage());
    }
    return files;
  }

  private static String extension(String fileName) {
    int dot = fileName.lastIndexOf('.');
    return dot <= 0 ? "" : fileName.substring(dot);
  }

  private Map<String, Object> read(Path file) {
    YamlValue value = reader.read(file);
    UserTextCheck.values(SourceText.read(file), reader.label(file), value);
    if (value instanceof YamlValue.Scalar && ((YamlValue.Scalar) value).value() == null) {
      return Map.of();
    }
    if (!(value instanceof YamlValue.Mapping)) {
      throw new InputException(
          value.location(), "a vars file must be a mapping of names to values");
    }
    @SuppressWarnings("unchecked")
    Map<String, Object> vars = (Map<String, Object>) value.toPlain();
    return vars;
  }
}
