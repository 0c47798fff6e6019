package io.pagetune.plan;

import io.pagetune.error.InputException;
import io.pagetune.state.Sha256;
import io.pagetune.yaml.SourceLocation;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Digests of what a plan was made from, so that an apply from an edited playbook or inventory is
 * refused. A digest covers files by their path relative to a base and their SHA-256.
 *
 * <ul>
 *   <li>playbook: the playbook, every YAML file and template under its directory (imported
 *       playbooks and task files live there), and the project's {@code templates/} beside it;
 *   <li>inventory: each source: a file with the {@code group_vars/}, {@code host_vars/} and {@code
 *       windows.yml} beside it, a directory whole, a host list as written; and a windows file given
 *       with {@code --windows}.
 * </ul>
 */
public final class SourceDigest {
  private static final List<String> PLAYBOOK_FILES =
      List.of(".yml", ".yaml", ".ftl", ".j2", ".tpl", ".json");

  private SourceDigest() {}

  public static String playbook(Path playbook) {
    Path file = playbook.toAbsolutePath().normalize();
    if (!Files.isRegularFile(file)) {
      throw new InputException(SourceLocation.of(playbook.toString()), "no such playbook");
    }
    Path dir = file.getParent();
    TreeMap<String, String> files = new TreeMap<>();
    add(files, dir, file);
    for (Path f : tree(dir)) {
      String name = f.getFileName().toString().toLowerCase(Locale.ROOT);
      if (PLAYBOOK_FILES.stream().anyMatch(name::endsWith)) {
        add(files, dir, f);
      }
    }
    if (dir.getParent() != null) {
      for (Path f : tree(dir.getParent().resolve("templates"))) {
        add(files, dir, f);
      }
    }
    return digest(files);
  }

  public static String inventory(List<String> sources, Path windowsOverride) {
    // names relative to each source, so the same inventory digests the same from any directory
    TreeMap<String, String> files = new TreeMap<>();
    for (int i = 0; i < sources.size(); i++) {
      String source = sources.get(i);
      TreeMap<String, String> own = new TreeMap<>();
      Path p = Path.of(source).toAbsolutePath().normalize();
      if (Files.isDirectory(p)) {
        tree(p).forEach(f -> add(own, p, f));
      } else if (Files.isRegularFile(p)) {
        Path dir = p.getParent();
        add(own, dir, p);
        for (String beside : List.of("group_vars", "host_vars")) {
          tree(dir.resolve(beside)).forEach(f -> add(own, dir, f));
        }
        if (Files.isRegularFile(dir.resolve("windows.yml"))) {
          add(own, dir, dir.resolve("windows.yml"));
        }
      } else {
        own.put("host list " + source, Sha256.hex(source.getBytes(StandardCharsets.UTF_8)));
      }
      int index = i;
      own.forEach((name, hash) -> files.put(index + ":" + name, hash));
    }
    if (windowsOverride != null && Files.isRegularFile(windowsOverride)) {
      Path w = windowsOverride.toAbsolutePath().normalize();
      add(files, w.getParent(), w);
    }
    return digest(files);
  }

  private static List<Path> tree(Path dir) {
    if (!Files.isDirectory(dir)) {
      return List.of();
    }
    List<Path> out = new ArrayList<>();
    try (Stream<Path> walk = Files.walk(dir)) {
      walk.filter(Files::isRegularFile)
          .filter(f -> !hidden(dir.relativize(f)))
          .sorted()
          .forEach(out::add);
    } catch (IOException e) {
      throw new InputException(
          SourceLocation.of(dir.toString()), "cannot read: " + e.getClass().getSimpleName());
    }
    return out;
  }

  private static boolean hidden(Path relative) {
    for (Path part : relative) {
      if (part.toString().startsWith(".")) {
        return true;
      }
    }
    return false;
  }

  private static void add(TreeMap<String, String> files, Path base, Path file) {
    try {
      String name = base.relativize(file).toString();
      files.put(name, Sha256.hex(Files.readAllBytes(file)));
    } catch (IOException e) {
      throw new InputException(
          SourceLocation.of(file.toString()), "cannot read: " + e.getClass().getSimpleName());
    }
  }

  private static String digest(TreeMap<String, String> files) {
    StringBuilder sb = new StringBuilder();
    files.forEach((name, hash) -> sb.append(name).append('\0').append(hash).append('\n'));
    return "sha256:" + Sha256.hex(sb.toString().getBytes(StandardCharsets.UTF_8));
  }
}
