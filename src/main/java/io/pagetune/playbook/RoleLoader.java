package io.pagetune.playbook;

import io.pagetune.error.InputException;
import io.pagetune.error.SourceLocation;
import io.pagetune.error.Suggestions;
import io.pagetune.template.TemplateEngine;
import io.pagetune.yaml.YamlValue;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads roles in Ansible's layout ({@code tasks/}, {@code handlers/}, {@code defaults/}, {@code
 * vars/}, {@code meta/} with {@code dependencies}, {@code templates/}, {@code files/}) for {@code
 * roles:}, {@code import_role} and {@code include_role}, when the playbook loads. A role's tasks
 * and handlers carry a {@link RoleScope}; the defaults and vars of static roles become visible to
 * the whole play, as Ansible does.
 */
final class RoleLoader {
  /** Keys of a {@code roles:} entry that are keywords; every other key is a role parameter. */
  private static final Set<String> ROLE_ENTRY_KEYWORDS =
      Set.of(
          "role",
          "name",
          "when",
          "tags",
          "become",
          "become_user",
          "become_method",
          "become_exe",
          "become_flags",
          "environment",
          "ignore_errors",
          "check_mode",
          "diff",
          "no_log",
          "any_errors_fatal",
          "vars");

  static final Set<String> ROLE_TASK_KEYS =
      Set.of(
          "name",
          "when",
          "tags",
          "become",
          "become_user",
          "become_method",
          "become_exe",
          "become_flags",
          "environment",
          "ignore_errors",
          "check_mode",
          "diff",
          "no_log",
          "any_errors_fatal",
          "vars");

  private static final Set<String> ROLE_ARGS = Set.of("name", "tasks_from");

  private static final int MAX_DEPTH = 20;

  /** What {@link PlaybookLoader} does for the roles: parse task lists and read checked YAML. */
  interface Parser {
    List<TaskNode> taskList(
        YamlValue list, Keywords parent, Map<String, Object> blockVars, Path baseDir, boolean h);

    YamlValue read(Path file);

    Keywords keywords(YamlValue.Mapping m, Keywords parent);

    String label(Path file);
  }

  /** The roles of the play being read. */
  private static final class PlayRoles {
    final Path baseDir;
    final Keywords playKeywords;
    final Set<String> seen = new HashSet<>();
    final List<Task> handlers = new ArrayList<>();
    final Set<Path> handlersLoaded = new HashSet<>();
    final Map<String, Object> defaults = new LinkedHashMap<>();
    final Map<String, Object> vars = new LinkedHashMap<>();

    PlayRoles(Path baseDir, Keywords playKeywords) {
      this.baseDir = baseDir;
      this.playKeywords = playKeywords;
    }
  }

  private final RolePath path;
  private final Parser parser;
  private final Deque<RoleScope> current = new ArrayDeque<>();
  private PlayRoles play;

  RoleLoader(RolePath path, Parser parser) {
    this.path = path;
    this.parser = parser;
  }

  void startPlay(Path baseDir, Keywords playKeywords) {
    play = new PlayRoles(baseDir, playKeywords);
  }

  /** The handlers of every role the play uses, in the order the roles were read. */
  List<Task> handlers() {
    return List.copyOf(play.handlers);
  }

  PublicRoleVars publicVars() {
    return new PublicRoleVars(play.defaults, play.vars);
  }

  /** The role whose files are being read, or null. */
  RoleScope current() {
    return current.peek();
  }

  /** The tasks of a play's {@code roles:} list (dependencies first, each role once). */
  List<TaskNode> playRoles(YamlValue roles, Keywords playKeywords) {
    List<TaskNode> out = new ArrayList<>();
    for (YamlValue entry : YamlFields.list(roles, "roles")) {
      out.addAll(fromEntry(entry, playKeywords, Map.of(), true));
    }
    return out;
  }

  /** {@code import_role}: the role's tasks in place, with the task's keywords and vars. */
  List<TaskNode> importRole(YamlValue.Mapping m, Keywords parent, Map<String, Object> blockVars) {
    RoleArgs args = roleArgs(m, "import_role");
    Keywords kw = parser.keywords(m, parent);
    Map<String, Object> vars = new LinkedHashMap<>(blockVars);
    vars.putAll(kw.vars());
    return expand(
        args.name, args.at, kw.withoutVars(), vars, Map.of(), args.tasksFrom, false, true);
  }

  /** {@code include_role}: read now, its {@code when} decided per host when the run reaches it. */
  DynamicInclude includeRole(
      YamlValue.Mapping m, Keywords parent, Map<String, Object> blockVars, Task gate) {
    RoleArgs args = roleArgs(m, "include_role");
    Keywords kw = parser.keywords(m, parent);
    Map<String, Object> vars = new LinkedHashMap<>(blockVars);
    vars.putAll(kw.vars());
    // the gate holds the conditions; the role's tasks are not guarded by them a second time
    Keywords inner = kw.withoutConditions();
    List<TaskNode> tasks =
        expand(args.name, args.at, inner, vars, Map.of(), args.tasksFrom, false, false);
    return new DynamicInclude(gate, DynamicInclude.Kind.ROLE, args.name, tasks);
  }

  private record RoleArgs(String name, String tasksFrom, SourceLocation at) {}

  private RoleArgs roleArgs(YamlValue.Mapping m, String key) {
    YamlValue v = m.get(key);
    if (v instanceof YamlValue.Scalar) {
      String name = YamlFields.string(v, key);
      return new RoleArgs(literalName(name, v.location(), key), null, v.location());
    }
    YamlValue.Mapping args = YamlFields.mapping(v, key);
    for (String k : args.entries().keySet()) {
      if (!ROLE_ARGS.contains(k)) {
        throw new InputException(
            args.keyLocation(k),
            key
                + ": '"
                + k
                + "' is not supported by pagetune (supported: name, tasks_from)"
                + Suggestions.didYouMean(k, ROLE_ARGS));
      }
    }
    if (!args.has("name")) {
      throw new InputException(args.location(), key + " needs the role's name");
    }
    String name = literalName(YamlFields.string(args.get("name"), "name"), v.location(), key);
    String tasksFrom =
        args.has("tasks_from") ? YamlFields.string(args.get("tasks_from"), "tasks_from") : null;
    return new RoleArgs(name, tasksFrom, args.get("name").location());
  }

  private static String literalName(String name, SourceLocation at, String key) {
    if (name == null || name.isBlank()) {
      throw new InputException(at, key + " needs the role's name");
    }
    if (TemplateEngine.isTemplated(name)) {
      // read when the playbook loads, so its errors come before any host: the name must be known
      throw new InputException(
          at,
          key
              + ": the role name must be written out ('"
              + name
              + "' is a template); pagetune reads every role before the run starts");
    }
    return name;
  }

  /** One entry of {@code roles:} or of a role's {@code dependencies}. */
  private List<TaskNode> fromEntry(
      YamlValue entry, Keywords parent, Map<String, Object> blockVars, boolean isPublic) {
    if (entry instanceof YamlValue.Scalar) {
      String name = YamlFields.string(entry, "role");
      return expand(
          literalName(name, entry.location(), "role"),
          entry.location(),
          parent,
          blockVars,
          Map.of(),
          null,
          true,
          isPublic);
    }
    YamlValue.Mapping m = YamlFields.mapping(entry, "a role");
    String key = m.has("role") ? "role" : m.has("name") ? "name" : null;
    if (key == null) {
      throw new InputException(m.location(), "a roles entry needs 'role: NAME'");
    }
    String name = literalName(YamlFields.string(m.get(key), key), m.get(key).location(), "role");
    Map<String, Object> params = new LinkedHashMap<>();
    for (String k : m.entries().keySet()) {
      if (!ROLE_ENTRY_KEYWORDS.contains(k)) {
        params.put(k, m.get(k).toPlain());
      }
    }
    Keywords kw = parser.keywords(m, parent);
    params.putAll(kw.vars());
    return expand(
        name, m.get(key).location(), kw.withoutVars(), blockVars, params, null, true, isPublic);
  }

  private List<TaskNode> expand(
      String name,
      SourceLocation at,
      Keywords kw,
      Map<String, Object> blockVars,
      Map<String, Object> params,
      String tasksFrom,
      boolean once,
      boolean isPublic) {
    Path dir = roleDir(name, at);
    if (current.size() > MAX_DEPTH || current.stream().anyMatch(r -> r.dir().equals(dir))) {
      throw new InputException(at, "role '" + name + "': dependency cycle or nesting too deep");
    }
    YamlValue.Mapping meta = mappingFile(dir, "meta");
    boolean duplicates =
        meta != null
            && meta.has("allow_duplicates")
            && YamlFields.bool(meta.get("allow_duplicates"), "allow_duplicates");
    String key = dir + " " + params;
    if (once && !duplicates && !play.seen.add(key)) {
      return List.of(); // a role runs once per play with the same parameters, as in Ansible
    }
    List<TaskNode> out = new ArrayList<>();
    if (meta != null && meta.has("dependencies")) {
      for (YamlValue dep : YamlFields.list(meta.get("dependencies"), "dependencies")) {
        current.push(new RoleScope(name, dir, Map.of(), Map.of(), Map.of()));
        try {
          out.addAll(fromEntry(dep, kw, blockVars, isPublic));
        } finally {
          current.pop();
        }
      }
    }
    Map<String, Object> defaults = plainFile(dir, "defaults");
    Map<String, Object> vars = plainFile(dir, "vars");
    if (isPublic) {
      play.defaults.putAll(defaults);
      play.vars.putAll(vars);
    }
    RoleScope scope = new RoleScope(name, dir, defaults, vars, params);
    current.push(scope);
    try {
      Path tasksFile =
          tasksFrom == null ? main(dir.resolve("tasks")) : taskFile(dir, tasksFrom, at, name);
      if (tasksFile != null) {
        out.addAll(
            parser.taskList(parser.read(tasksFile), kw, blockVars, tasksFile.getParent(), false));
      }
      loadHandlers(dir);
    } finally {
      current.pop();
    }
    return out;
  }

  /** The role's directory on the role path; a role not found names where it was looked for. */
  private Path roleDir(String name, SourceLocation at) {
    return path.find(name, play.baseDir)
        .orElseThrow(
            () ->
                new InputException(
                    at,
                    "role '"
                        + name
                        + "' not found (looked in "
                        + String.join(
                            ", ", path.searched(play.baseDir).stream().map(parser::label).toList())
                        + ")"));
  }

  /** The role's handlers join the play's, once per play however often the role runs. */
  private void loadHandlers(Path dir) {
    Path handlersFile = main(dir.resolve("handlers"));
    if (handlersFile != null && play.handlersLoaded.add(handlersFile)) {
      for (TaskNode node :
          parser.taskList(
              parser.read(handlersFile),
              play.playKeywords,
              Map.of(),
              handlersFile.getParent(),
              true)) {
        if (!(node instanceof Task t)) {
          throw new InputException(node.location(), "handlers cannot be blocks");
        }
        play.handlers.add(t);
      }
    }
  }

  private Path taskFile(Path dir, String tasksFrom, SourceLocation at, String role) {
    Path tasks = dir.resolve("tasks");
    for (String candidate : List.of(tasksFrom, tasksFrom + ".yml", tasksFrom + ".yaml")) {
      Path p = tasks.resolve(candidate).normalize();
      if (p.startsWith(tasks) && Files.isRegularFile(p)) {
        return p;
      }
    }
    throw new InputException(
        at, "role '" + role + "': tasks_from '" + tasksFrom + "' not found in its tasks/");
  }

  /** {@code main.yml}, {@code main.yaml} or {@code main} of a role directory, or null. */
  private static Path main(Path dir) {
    for (String name : List.of("main.yml", "main.yaml", "main")) {
      Path p = dir.resolve(name);
      if (Files.isRegularFile(p)) {
        return p;
      }
    }
    return null;
  }

  private YamlValue.Mapping mappingFile(Path roleDir, String sub) {
    Path file = main(roleDir.resolve(sub));
    if (file == null) {
      return null;
    }
    YamlValue v = parser.read(file);
    if (v instanceof YamlValue.Scalar s && s.value() == null) {
      return null;
    }
    if (!(v instanceof YamlValue.Mapping m)) {
      throw new InputException(v.location(), sub + "/" + file.getFileName() + " must be a mapping");
    }
    return m;
  }

  @SuppressWarnings("unchecked")
  private Map<String, Object> plainFile(Path roleDir, String sub) {
    YamlValue.Mapping m = mappingFile(roleDir, sub);
    return m == null ? Map.of() : (Map<String, Object>) m.toPlain();
  }
}
