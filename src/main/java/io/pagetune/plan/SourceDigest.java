package io.pagetune.plan;

import io.pagetune.error.InputException;
import io.pagetune.error.SourceLocation;
import io.pagetune.state.Sha256;
import io.pagetune.yaml.ReadFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Digests of what a plan was made from, so that an apply from an edited playbook or inventory is
 * refused.
 *
 * <ul>
 *   <li>files: exactly the local files the check run read (playbook, imported and included task
 *       files, vars files, templates, copy sources, inventory and its vars), each by its path
 *       relative to the playbook's directory and its SHA-256; other files beside the playbook (a
 *       plan saved there, notes) are not the plan's business;
 *   <li>inventory: each source: a file with the {@code group_vars/}, {@code host_vars/} and {@code
 *       windows.yml} beside it, a directory whole, a host list as written; and a windows file given
 *       with {@code --windows}; and what each dynamic source answered. It tells whether an apply's
 *       {@code -i} is the plan's inventory.
 * </ul>
 */
public final class SourceDigest {
  private SourceDigest() {}

  /** The files a run read, by their path relative to the playbook's directory. */
  public static SortedMap<String, String> files(ReadFiles reads, Path playbook) {
    Path dir = playbookDir(playbook);
    SortedMap<String, String> files = new TreeMap<>();
    reads.files().forEach((file, hash) -> files.put(dir.relativize(file).toString(), hash));
    return files;
  }

  /**
   * What differs between the files a plan was made from and those files now: each changed or gone
   * file, named as the user would find it (relative to the working directory when under it). Empty
   * when all are as the plan read them.
   */
  public static List<String> changed(Map<String, String> files, Path playbook) {
    Path dir = playbookDir(playbook);
    Path cwd = Path.of("").toAbsolutePath();
    List<String> out = new ArrayList<>();
    new TreeMap<>(files)
        .forEach(
            (name, hash) -> {
              Path file = dir.resolve(name).normalize();
              String shown = (file.startsWith(cwd) ? cwd.relativize(file) : file).toString();
              if (!Files.isRegularFile(file)) {
                out.add(shown + " (read by the plan's check run) is gone");
                return;
              }
              try {
                if (!ReadFiles.sha256(Files.readAllBytes(file)).equals(hash)) {
                  out.add(shown + " changed since the plan was made");
                }
              } catch (IOException e) {
                out.add(shown + " cannot be read: " + e.getClass().getSimpleName());
              }
            });
    return out;
  }

  private static Path playbookDir(Path playbook) {
    return playbook.toAbsolutePath().normalize().getParent();
  }

  public static String inventory(List<String> sources, Path windowsOverride) {
    return inventory(sources, windowsOverride, List.of());
  }

  /**
   * The inventory's identity including what its dynamic sources answered (a script's output, the
   * CMDB's rows), in load order: the same script answering otherwise is another inventory. Without
   * dynamic sources this is {@link #inventory(List, Path)}, so plans of static inventories keep
   * their digest.
   *
   * @param answers each dynamic source's answer digest, in the order the sources were loaded
   */
  public static String inventory(List<String> sources, Path windowsOverride, List<String> answers) {
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
    for (int i = 0; i < answers.size(); i++) {
      files.put("answer " + i, answers.get(i));
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
