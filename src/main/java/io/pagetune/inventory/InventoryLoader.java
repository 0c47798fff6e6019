package io.pagetune.inventory;

import io.pagetune.error.InputException;
import io.pagetune.error.SourceLocation;
import io.pagetune.inventory.dynamic.DynamicSources;
import io.pagetune.inventory.dynamic.InventoryDocument;
import io.pagetune.inventory.dynamic.InventoryPlugins;
import io.pagetune.inventory.dynamic.InventoryScript;
import io.pagetune.template.UserTextCheck;
import io.pagetune.yaml.InputFile;
import io.pagetune.yaml.SourceText;
import io.pagetune.yaml.YamlReader;
import io.pagetune.yaml.YamlValue;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Loads an Ansible inventory file or directory, with the {@code group_vars/} and {@code host_vars/}
 * beside it. {@code .yml}, {@code .yaml} and {@code .json} files are YAML; any other file is INI
 * unless it plainly starts as YAML or JSON ({@code ---}, an opening brace, or a lone {@code name:}
 * line).
 */
public final class InventoryLoader {
  private static final Set<String> SKIPPED_DIRS = Set.of("group_vars", "host_vars");

  /** Ansible's ignored inventory extensions, except {@code .ini}, which pagetune reads. */
  private static final List<String> SKIPPED_SUFFIXES =
      List.of(
          ".retry", ".md", "~", ".pyc", ".pyo", ".swp", ".bak", ".rpm", ".txt", ".rst", ".orig",
          ".cfg");

  private static final Pattern YAML_START =
      Pattern.compile("---.*|\\{.*|[A-Za-z0-9_.-]+:\\s*(#.*)?");

  private final YamlReader reader;
  private final DynamicSources dynamic;

  /** File names in messages are relative to the working directory. */
  public InventoryLoader() {
    this(Path.of(""));
  }

  /**
   * @param baseDir file names in messages are shown relative to this directory
   */
  public InventoryLoader(Path baseDir) {
    this(new YamlReader(baseDir));
  }

  /** Reads with this reader, so that a run's record of the files it read has the inventory's. */
  public InventoryLoader(YamlReader reader) {
    this(reader, DynamicSources.ofProcess());
  }

  /** Also runs inventory scripts and plugin sources with these settings. */
  public InventoryLoader(YamlReader reader, DynamicSources dynamic) {
    this.reader = reader;
    this.dynamic = dynamic;
  }

  /** Loads one inventory file or directory. */
  public Inventory load(Path path) {
    return load(List.of(path));
  }

  /** Loads several inventories into one (like repeated {@code -i}); later sources merge in. */
  public Inventory load(List<Path> paths) {
    InventoryDraft draft = new InventoryDraft();
    List<Path> varsDirs = new ArrayList<>();
    Set<Path> seen = new HashSet<>();
    for (Path path : paths) {
      if (!Files.exists(path)) {
        throw new InputException(SourceLocation.of(shownName(path)), "inventory not found");
      }
      readSource(path, draft, varsDirs, seen);
    }
    return new InventoryAssembler(draft, new VarsFiles(reader, varsDirs)).assemble();
  }

  /**
   * An {@code -i} argument: an existing file or directory, or else, when it has a comma, an inline
   * host list such as {@code web1,web2:2222,} (Ansible's host list form).
   */
  public Inventory loadSource(String source) {
    return loadSources(List.of(source));
  }

  /**
   * Several {@code -i} arguments merged into one inventory, in order: each an existing file or
   * directory, or (when it has a comma and names no file) an inline host list.
   */
  public Inventory loadSources(List<String> sources) {
    return loadSources(sources, java.util.Map.of());
  }

  /**
   * Like {@link #loadSources(List)}, with {@code defaults} as the lowest-precedence variables of
   * group {@code all}: what {@code -u}, {@code --private-key}, {@code -b} and ansible.cfg set,
   * which any inventory variable overrides (as in Ansible).
   */
  public Inventory loadSources(List<String> sources, java.util.Map<String, Object> defaults) {
    InventoryDraft draft = new InventoryDraft();
    SourceLocation cli = SourceLocation.of("command line");
    defaults.forEach((k, v) -> draft.setGroupVar(InventoryDraft.ALL, k, v, cli));
    List<Path> varsDirs = new ArrayList<>();
    Set<Path> seen = new HashSet<>();
    for (String source : sources) {
      Path path = Path.of(source);
      if (Files.exists(path)) {
        readSource(path, draft, varsDirs, seen);
      } else if (source.indexOf(',') >= 0) {
        addHostList(source, draft);
      } else {
        // Ansible's rule: a single host is a list only with its trailing comma ("web1,")
        throw new InputException(SourceLocation.of(shownName(path)), "inventory not found");
      }
    }
    return new InventoryAssembler(draft, new VarsFiles(reader, varsDirs)).assemble();
  }

  private static void addHostList(String source, InventoryDraft draft) {
    SourceLocation where = SourceLocation.of("-i " + source);
    for (String item : source.split(",")) {
      String name = item.strip();
      if (name.isEmpty()) {
        continue;
      }
      HostSpec spec = HostSpec.parse(name, where);
      for (String host : spec.names()) {
        draft.addHost(InventoryDraft.UNGROUPED, host, where);
        if (spec.port().isPresent()) {
          draft.host(host, where).vars.put("ansible_port", (long) spec.port().getAsInt());
        }
      }
    }
  }

  /** Relative to the base directory when inside it, else as the user wrote it. */
  private String shownName(Path path) {
    String label = reader.label(path);
    return Path.of(label).isAbsolute() && !path.isAbsolute() ? path.toString() : label;
  }

  /** No hosts at all; patterns can still select the implicit {@code localhost}. */
  public static Inventory empty() {
    InventoryDraft draft = new InventoryDraft();
    return new InventoryAssembler(draft, new VarsFiles(new YamlReader(Path.of("")), List.of()))
        .assemble();
  }

  /** Change windows live beside the inventory (see io.pagetune.schedule.window.WindowsFile). */
  static final Set<String> CHANGE_WINDOW_FILES = Set.of("windows.yml", "windows.yaml");

  private void readSource(Path path, InventoryDraft draft, List<Path> varsDirs, Set<Path> seen) {
    if (Files.isDirectory(path)) {
      if (!seen.add(realPath(path))) {
        return; // a symbolic link back into a directory already read
      }
      addOnce(varsDirs, path);
      for (Path child : sortedChildren(path)) {
        String name = child.getFileName().toString();
        boolean dir = Files.isDirectory(child);
        if (name.startsWith(".")
            || (dir && SKIPPED_DIRS.contains(name))
            || (!dir && CHANGE_WINDOW_FILES.contains(name))
            || (!dir && SKIPPED_SUFFIXES.stream().anyMatch(name::endsWith))) {
          continue;
        }
        readSource(child, draft, varsDirs, seen);
      }
    } else {
      Path parent = path.toAbsolutePath().getParent();
      if (parent != null) {
        addOnce(varsDirs, parent);
      }
      draft.readingFrom(path);
      loadFile(path, draft);
      draft.readingFrom(null);
    }
  }

  private Path realPath(Path dir) {
    try {
      return dir.toRealPath();
    } catch (IOException e) {
      throw new InputException(
          SourceLocation.of(reader.label(dir)), "cannot read directory: " + e.getMessage());
    }
  }

  private static void addOnce(List<Path> dirs, Path dir) {
    Path abs = dir.toAbsolutePath().normalize();
    if (!dirs.contains(abs)) {
      dirs.add(abs);
    }
  }

  private List<Path> sortedChildren(Path dir) {
    try (Stream<Path> list = Files.list(dir)) {
      return list.sorted().toList();
    } catch (IOException e) {
      throw new InputException(
          SourceLocation.of(reader.label(dir)), "cannot read directory: " + e.getMessage());
    }
  }

  private void loadFile(Path file, InventoryDraft draft) {
    String label = reader.label(file);
    String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
    if (InventoryScript.isScript(file)) {
      // as Ansible's script plugin, tried before any file format
      InventoryDocument answer = new InventoryScript(dynamic.scriptTimeout()).load(file, label);
      new DocumentInventoryParser(draft).parse(answer);
      return;
    }
    if (name.endsWith(".yml") || name.endsWith(".yaml") || name.endsWith(".json")) {
      YamlValue root = reader.read(file);
      if (!plugin(root, label, draft)) {
        UserTextCheck.values(SourceText.read(file), label, root);
        new YamlInventoryParser(draft).parse(root);
      }
      return;
    }
    String text = readText(file, label);
    reader.reads().read(file, text.getBytes(StandardCharsets.UTF_8));
    if (looksLikeYaml(text)) {
      YamlValue root = reader.parse(text, label);
      if (!plugin(root, label, draft)) {
        new YamlInventoryParser(draft).parse(root);
      }
    } else {
      new IniInventoryParser(draft, label).parse(text);
    }
  }

  /** A plugin file ({@code plugin: NAME}) is its source's answer; false for any other YAML. */
  private boolean plugin(YamlValue root, String label, InventoryDraft draft) {
    if (!InventoryPlugins.isPluginFile(root)) {
      return false;
    }
    InventoryDocument answer =
        new InventoryPlugins(dynamic)
            .load((YamlValue.Mapping) root, label, reader.vault()::holdsSecret);
    new DocumentInventoryParser(draft).parse(answer);
    return true;
  }

  private static String readText(Path file, String label) {
    return InputFile.read(file, YamlReader.MAX_BYTES, label, "an inventory");
  }

  /** The first meaningful line is {@code ---}, a JSON object, or a bare {@code name:} key. */
  static boolean looksLikeYaml(String text) {
    for (String line : text.split("\r?\n|\r")) {
      String s = line.strip();
      if (s.isEmpty() || s.startsWith("#")) {
        continue;
      }
      return YAML_START.matcher(s).matches() && !line.startsWith(" ");
    }
    return false;
  }
}
