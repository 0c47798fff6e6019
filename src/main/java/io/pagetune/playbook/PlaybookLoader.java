package io.pagetune.playbook;

import io.pagetune.error.InputException;
import io.pagetune.error.Suggestions;
import io.pagetune.modules.ArgSpec;
import io.pagetune.modules.Module;
import io.pagetune.modules.ModuleRegistry;
import io.pagetune.template.TemplateSyntax;
import io.pagetune.template.UserTextCheck;
import io.pagetune.yaml.SourceLocation;
import io.pagetune.yaml.SourceText;
import io.pagetune.yaml.YamlReader;
import io.pagetune.yaml.YamlValue;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Parses and validates a playbook (with {@code import_playbook} and {@code import_tasks}) into the
 * immutable model. Every input error is raised here, with {@code file:line:col}, before any host is
 * contacted.
 */
public final class PlaybookLoader {
  static final Set<String> PLAY_KEYS =
      Set.of(
          "name",
          "hosts",
          "vars",
          "vars_files",
          "gather_facts",
          "become",
          "become_user",
          "serial",
          "strategy",
          "max_fail_percentage",
          "any_errors_fatal",
          "environment",
          "tasks",
          "handlers",
          "pre_tasks",
          "post_tasks",
          "tags",
          "check_mode",
          "diff",
          "ignore_errors",
          "no_log",
          "force_handlers",
          "connection",
          "remote_user",
          "roles");
  static final Set<String> TASK_KEYS =
      Set.of(
          "name",
          "when",
          "loop",
          "with_items",
          "with_list",
          "loop_control",
          "register",
          "notify",
          "listen",
          "changed_when",
          "failed_when",
          "ignore_errors",
          "check_mode",
          "diff",
          "tags",
          "become",
          "become_user",
          "environment",
          "no_log",
          "vars",
          "args",
          "timeout",
          "any_errors_fatal",
          "until",
          "retries",
          "delay",
          "with_dict",
          "run_once",
          "delegate_to");
  static final Set<String> BLOCK_KEYS =
      Set.of(
          "name",
          "block",
          "rescue",
          "always",
          "when",
          "tags",
          "become",
          "become_user",
          "environment",
          "ignore_errors",
          "check_mode",
          "diff",
          "no_log",
          "vars",
          "any_errors_fatal");
  private static final int MAX_IMPORT_DEPTH = 20;

  private final ModuleRegistry modules;
  private final YamlReader yaml;
  private final Deque<Path> importStack = new ArrayDeque<>();
  private final TemplateSyntax syntax = new TemplateSyntax();
  private final RoleLoader roles;

  public PlaybookLoader(ModuleRegistry modules, YamlReader yaml) {
    this(modules, yaml, RolePath.NONE);
  }

  /**
   * @param rolePath the configured roles path ({@code roles_path}, {@code ANSIBLE_ROLES_PATH})
   */
  public PlaybookLoader(ModuleRegistry modules, YamlReader yaml, RolePath rolePath) {
    this.modules = modules;
    this.yaml = yaml;
    this.roles = new RoleLoader(rolePath, new RoleParser());
  }

  /** How the role loader parses the files of a role: as this loader parses a playbook's. */
  private final class RoleParser implements RoleLoader.Parser {
    @Override
    public List<TaskNode> taskList(
        YamlValue list, Keywords parent, Map<String, Object> blockVars, Path baseDir, boolean h) {
      return PlaybookLoader.this.taskList(list, parent, blockVars, baseDir, h);
    }

    @Override
    public YamlValue read(Path file) {
      return readChecked(file);
    }

    @Override
    public Keywords keywords(YamlValue.Mapping m, Keywords parent) {
      return PlaybookLoader.this.keywords(m, parent, false);
    }

    @Override
    public String label(Path file) {
      return yaml.label(file);
    }
  }

  public Playbook load(Path file) {
    List<Play> plays = new ArrayList<>();
    loadInto(file.toAbsolutePath().normalize(), plays, null);
    return new Playbook(yaml.label(file), plays);
  }

  private void loadInto(Path file, List<Play> plays, SourceLocation importedAt) {
    if (importStack.contains(file)) {
      throw new InputException(importedAt, "import_playbook cycle: " + yaml.label(file));
    }
    if (importStack.size() > MAX_IMPORT_DEPTH) {
      throw new InputException(importedAt, "import_playbook nested too deeply");
    }
    if (!Files.isRegularFile(file)) {
      throw new InputException(
          importedAt != null ? importedAt : SourceLocation.of(yaml.label(file)),
          "playbook " + yaml.label(file) + " not found");
    }
    importStack.push(file);
    try {
      YamlValue root = readChecked(file);
      if (!(root instanceof YamlValue.Seq seq)) {
        throw new InputException(root.location(), "a playbook must be a list of plays");
      }
      for (YamlValue item : seq.items()) {
        YamlValue.Mapping m = YamlFields.mapping(item, "a play");
        if (m.has("import_playbook")) {
          if (m.entries().size() > 1 && !(m.entries().size() == 2 && m.has("name"))) {
            throw new InputException(
                m.location(), "import_playbook takes no other keywords here than name");
          }
          String target = YamlFields.string(m.get("import_playbook"), "import_playbook");
          loadInto(
              file.getParent().resolve(target).normalize(),
              plays,
              m.get("import_playbook").location());
        } else {
          plays.add(play(m, file.getParent()));
        }
      }
    } finally {
      importStack.pop();
    }
  }

  private Play play(YamlValue.Mapping m, Path baseDir) {
    checkKeys(m, PLAY_KEYS, "play keyword");
    if (!m.has("hosts")) {
      throw new InputException(m.location(), "play has no 'hosts'");
    }
    String hosts = hostsPattern(m.get("hosts"));
    Map<String, Object> vars =
        m.has("vars") ? YamlFields.plainMap(m.get("vars"), "vars") : new LinkedHashMap<>();
    if (m.has("connection")) {
      vars.put("ansible_connection", YamlFields.string(m.get("connection"), "connection"));
    }
    if (m.has("remote_user")) {
      // below the inventory's ansible_user, as in Ansible (see ConnectionSpec)
      vars.put(
          io.pagetune.connection.ConnectionSpec.PLAY_REMOTE_USER,
          YamlFields.string(m.get("remote_user"), "remote_user"));
    }
    List<Path> varsFiles = new ArrayList<>();
    if (m.has("vars_files")) {
      for (YamlValue v : listOrSingle(m.get("vars_files"))) {
        String name = YamlFields.string(v, "vars_files entry");
        Path p = baseDir.resolve(name).normalize();
        if (!name.contains("${") && !Files.isRegularFile(p)) {
          throw new InputException(v.location(), "vars_files: " + name + " not found");
        }
        if (!name.contains("${")) {
          readChecked(p);
        }
        varsFiles.add(p);
      }
    }
    Keywords kw = keywords(m, Keywords.NONE, true).withoutVars();
    roles.startPlay(baseDir, kw);
    List<Task> handlers = new ArrayList<>();
    if (m.has("handlers")) {
      for (TaskNode node : taskList(m.get("handlers"), kw, Map.of(), baseDir, true)) {
        if (!(node instanceof Task t)) {
          throw new InputException(node.location(), "handlers cannot be blocks");
        }
        handlers.add(t);
      }
    }
    List<TaskNode> pre =
        m.has("pre_tasks") ? taskList(m.get("pre_tasks"), kw, Map.of(), baseDir, false) : List.of();
    // roles run after pre_tasks and before tasks, in the same handler section as tasks
    List<TaskNode> tasks =
        new ArrayList<>(m.has("roles") ? roles.playRoles(m.get("roles"), kw) : List.of());
    if (m.has("tasks")) {
      tasks.addAll(taskList(m.get("tasks"), kw, Map.of(), baseDir, false));
    }
    List<TaskNode> post =
        m.has("post_tasks")
            ? taskList(m.get("post_tasks"), kw, Map.of(), baseDir, false)
            : List.of();
    // the roles' handlers first, in the order the roles were read, as Ansible runs them
    List<Task> roleHandlers = new ArrayList<>(roles.handlers());
    roleHandlers.addAll(handlers);
    handlers = roleHandlers;
    checkNotifyTargets(handlers, List.of(pre, tasks, post));
    return new Play(
        m.has("name") ? YamlFields.string(m.get("name"), "name") : null,
        hosts,
        m.get("hosts").location(),
        vars,
        varsFiles,
        m.has("gather_facts") ? YamlFields.bool(m.get("gather_facts"), "gather_facts") : true,
        m.has("serial") ? serial(m.get("serial")) : Serial.ALL,
        m.has("strategy") ? strategy(m.get("strategy")) : Play.Strategy.LINEAR,
        m.has("max_fail_percentage") ? percentage(m.get("max_fail_percentage")) : null,
        m.has("any_errors_fatal") && YamlFields.bool(m.get("any_errors_fatal"), "any_errors_fatal"),
        m.has("force_handlers") && YamlFields.bool(m.get("force_handlers"), "force_handlers"),
        kw,
        pre,
        tasks,
        post,
        handlers,
        baseDir,
        m.location(),
        roles.publicVars());
  }

  /** Reads a YAML file of the playbook; its conditions and templates are parsed here. */
  private YamlValue readChecked(Path file) {
    YamlValue root = yaml.read(file);
    UserTextCheck.full(SourceText.read(file), syntax).check(root);
    return root;
  }

  private static List<YamlValue> listOrSingle(YamlValue v) {
    return v instanceof YamlValue.Seq s ? s.items() : List.of(v);
  }

  private static String hostsPattern(YamlValue v) {
    if (v instanceof YamlValue.Seq s) {
      List<String> parts = new ArrayList<>();
      for (YamlValue item : s.items()) {
        parts.add(YamlFields.string(item, "hosts entry"));
      }
      return String.join(":", parts);
    }
    String h = YamlFields.string(v, "hosts");
    if (h == null || h.isBlank()) {
      throw new InputException(v.location(), "hosts is empty");
    }
    return h;
  }

  private static Serial serial(YamlValue v) {
    List<String> sizes = new ArrayList<>();
    for (YamlValue item : listOrSingle(v)) {
      String s = YamlFields.string(item, "serial");
      if (s == null || !s.trim().matches("[0-9]+(\\.[0-9]+)?%|[0-9]+")) {
        throw new InputException(
            item.location(), "serial must be a number, a percentage like '30%', or a list of them");
      }
      sizes.add(s.trim());
    }
    return new Serial(sizes);
  }

  private static Play.Strategy strategy(YamlValue v) {
    String s = YamlFields.string(v, "strategy");
    if ("linear".equals(s)) {
      return Play.Strategy.LINEAR;
    }
    if ("free".equals(s)) {
      return Play.Strategy.FREE;
    }
    throw new InputException(
        v.location(),
        "strategy must be linear or free, got '"
            + s
            + "'"
            + Suggestions.didYouMean(String.valueOf(s), List.of("linear", "free")));
  }

  private static Integer percentage(YamlValue v) {
    Integer p = YamlFields.integer(v, "max_fail_percentage");
    if (p < 0 || p > 100) {
      throw new InputException(v.location(), "max_fail_percentage must be between 0 and 100");
    }
    return p;
  }

  private Keywords keywords(YamlValue.Mapping m, Keywords parent, boolean play) {
    Keywords own =
        new Keywords(
            !play && m.has("when") ? YamlFields.conditions(m.get("when"), "when") : List.of(),
            m.has("tags") ? YamlFields.strings(m.get("tags"), "tags", true) : List.of(),
            m.has("become") ? YamlFields.bool(m.get("become"), "become") : null,
            m.has("become_user") ? YamlFields.string(m.get("become_user"), "become_user") : null,
            m.has("environment")
                ? YamlFields.plainMap(m.get("environment"), "environment")
                : Map.of(),
            m.has("ignore_errors")
                ? YamlFields.bool(m.get("ignore_errors"), "ignore_errors")
                : null,
            m.has("check_mode") ? YamlFields.bool(m.get("check_mode"), "check_mode") : null,
            m.has("diff") ? YamlFields.bool(m.get("diff"), "diff") : null,
            m.has("no_log") ? YamlFields.bool(m.get("no_log"), "no_log") : null,
            !play && m.has("vars") ? YamlFields.plainMap(m.get("vars"), "vars") : Map.of(),
            m.has("any_errors_fatal")
                ? YamlFields.bool(m.get("any_errors_fatal"), "any_errors_fatal")
                : null);
    return own.inheriting(parent);
  }

  private List<TaskNode> taskList(
      YamlValue v, Keywords parent, Map<String, Object> blockVars, Path baseDir, boolean handlers) {
    List<TaskNode> out = new ArrayList<>();
    for (YamlValue item : YamlFields.list(v, "a task list")) {
      YamlValue.Mapping m = YamlFields.mapping(item, "a task");
      if (m.has("import_tasks") || m.has("include_tasks")) {
        out.addAll(importTasks(m, parent, blockVars, baseDir, handlers));
      } else if (m.has("import_role") || m.has("include_role")) {
        out.addAll(role(m, parent, blockVars, handlers));
      } else if (m.has("meta")) {
        out.add(MetaTasks.parse(m, handlers));
      } else if (m.has("block")) {
        out.add(block(m, parent, blockVars, baseDir, handlers));
      } else {
        out.add(task(m, parent, blockVars, handlers));
      }
    }
    return out;
  }

  private List<TaskNode> importTasks(
      YamlValue.Mapping m,
      Keywords parent,
      Map<String, Object> blockVars,
      Path baseDir,
      boolean handlers) {
    String key = m.has("import_tasks") ? "import_tasks" : "include_tasks";
    checkKeys(m, Set.of(key, "name", "when", "tags", "become", "become_user", "vars"), "keyword");
    YamlValue ref = m.get(key);
    Path file = baseDir.resolve(YamlFields.string(ref, key)).normalize();
    if (!Files.isRegularFile(file)) {
      throw new InputException(ref.location(), key + ": " + yaml.label(file) + " not found");
    }
    if (importStack.contains(file) || importStack.size() > MAX_IMPORT_DEPTH) {
      throw new InputException(ref.location(), key + " cycle or nesting too deep");
    }
    Keywords kw = keywords(m, parent, false);
    Map<String, Object> vars = new LinkedHashMap<>(blockVars);
    vars.putAll(kw.vars());
    importStack.push(file);
    try {
      return taskList(readChecked(file), kw.withoutVars(), vars, file.getParent(), handlers);
    } finally {
      importStack.pop();
    }
  }

  private List<TaskNode> role(
      YamlValue.Mapping m, Keywords parent, Map<String, Object> blockVars, boolean handlers) {
    String key = m.has("import_role") ? "import_role" : "include_role";
    if (handlers) {
      throw new InputException(m.keyLocation(key), key + " is not supported in handlers");
    }
    Set<String> allowed = new LinkedHashSet<>(RoleLoader.ROLE_TASK_KEYS);
    allowed.add(key);
    checkKeys(m, allowed, key + " keyword");
    if (key.equals("import_role")) {
      return roles.importRole(m, parent, blockVars);
    }
    Keywords kw = keywords(m, parent, false);
    Task gate =
        new Task(
            m.has("name") ? YamlFields.string(m.get("name"), "name") : null,
            key,
            Map.of(),
            m.location(),
            m.keyLocation(key),
            kw.withoutVars(),
            blockVars,
            null,
            "item",
            null,
            List.of(),
            List.of(),
            List.of(),
            List.of(),
            null,
            LoopControl.NONE,
            null,
            roles.current(),
            TaskHosts.SELF);
    return List.of(roles.includeRole(m, parent, blockVars, gate));
  }

  private Block block(
      YamlValue.Mapping m,
      Keywords parent,
      Map<String, Object> blockVars,
      Path baseDir,
      boolean handlers) {
    checkKeys(m, BLOCK_KEYS, "block keyword");
    Keywords kw = keywords(m, parent, false);
    Map<String, Object> vars = new LinkedHashMap<>(blockVars);
    vars.putAll(kw.vars());
    Keywords inner = kw.withoutVars();
    return new Block(
        m.has("name") ? YamlFields.string(m.get("name"), "name") : null,
        taskList(m.get("block"), inner, vars, baseDir, handlers),
        m.has("rescue") ? taskList(m.get("rescue"), inner, vars, baseDir, handlers) : List.of(),
        m.has("always") ? taskList(m.get("always"), inner, vars, baseDir, handlers) : List.of(),
        m.location());
  }

  private Task task(
      YamlValue.Mapping m, Keywords parent, Map<String, Object> blockVars, boolean handler) {
    String moduleKey = null;
    for (String key : m.entries().keySet()) {
      if (TASK_KEYS.contains(key)) {
        continue;
      }
      if (!modules.isModule(key)) {
        if (key.equals("rescue") || key.equals("always")) {
          throw new InputException(m.keyLocation(key), "'" + key + "' needs a 'block' beside it");
        }
        Set<String> all = new LinkedHashSet<>(modules.names());
        all.addAll(TASK_KEYS);
        throw new InputException(
            m.keyLocation(key),
            "unknown module or task keyword '" + key + "'" + Suggestions.didYouMean(key, all));
      }
      if (moduleKey != null) {
        throw new InputException(
            m.keyLocation(key),
            "task has two modules: '" + moduleKey + "' and '" + key + "' (one module per task)");
      }
      moduleKey = key;
    }
    if (moduleKey == null) {
      throw new InputException(m.location(), "task has no module" + namePart(m));
    }
    if (m.has("listen") && !handler) {
      throw new InputException(m.keyLocation("listen"), "'listen' is only for handlers");
    }
    Module module = modules.find(moduleKey).orElseThrow();
    SourceLocation moduleAt = m.keyLocation(moduleKey);
    Map<String, Object> args = moduleArgs(module, m.get(moduleKey), moduleAt);
    if (m.has("args")) {
      Map<String, Object> extra = YamlFields.plainMap(m.get("args"), "args");
      extra.forEach(args::putIfAbsent);
    }
    ArgSpec spec = module.spec();
    io.pagetune.modules.Args checked = spec.validate(module.name(), args, moduleAt, false);
    // cross-argument checks see real values only; templated ones are checked again at run time
    if (args.values().stream().noneMatch(PlaybookLoader::templated)) {
      module.validate(checked);
    }

    Object loop = null;
    String loopKey =
        m.has("loop")
            ? "loop"
            : m.has("with_items")
                ? "with_items"
                : m.has("with_list") ? "with_list" : m.has("with_dict") ? "with_dict" : null;
    if (loopKey != null) {
      loop = loopKey.equals("with_dict") ? WithDict.loop(m.get(loopKey)) : m.get(loopKey).toPlain();
      if (!(loop instanceof List) && !(loop instanceof String s && s.contains("${"))) {
        throw new InputException(
            m.get(loopKey).location(), loopKey + " must be a list or a ${…} expression");
      }
    }
    String loopVar = "item";
    LoopControl loopControl = LoopControl.NONE;
    if (m.has("loop_control")) {
      YamlValue.Mapping lc = YamlFields.mapping(m.get("loop_control"), "loop_control");
      checkKeys(lc, Set.of("loop_var", "label", "index_var", "pause"), "loop_control key");
      if (lc.has("loop_var")) {
        loopVar = YamlFields.string(lc.get("loop_var"), "loop_var");
      }
      loopControl = LoopControls.parse(lc);
    }
    Keywords kw = keywords(m, parent, false);
    Map<String, Object> taskVars = kw.vars();
    Keywords effective =
        new Keywords(
            kw.when(),
            kw.tags(),
            kw.become(),
            kw.becomeUser(),
            kw.environment(),
            kw.ignoreErrors(),
            kw.checkMode(),
            kw.diff(),
            kw.noLog(),
            m.has("vars") ? YamlFields.plainMap(m.get("vars"), "vars") : Map.of(),
            kw.anyErrorsFatal());
    if (taskVars.isEmpty()) {
      effective = effective.withoutVars();
    }
    return new Task(
        m.has("name") ? YamlFields.string(m.get("name"), "name") : null,
        module.name(),
        args,
        m.location(),
        moduleAt,
        effective,
        blockVars,
        loop,
        loopVar,
        m.has("register") ? register(m.get("register")) : null,
        m.has("notify") ? YamlFields.strings(m.get("notify"), "notify", false) : List.of(),
        m.has("listen") ? YamlFields.strings(m.get("listen"), "listen", false) : List.of(),
        m.has("changed_when")
            ? YamlFields.conditions(m.get("changed_when"), "changed_when")
            : List.of(),
        m.has("failed_when")
            ? YamlFields.conditions(m.get("failed_when"), "failed_when")
            : List.of(),
        m.has("timeout") ? YamlFields.integer(m.get("timeout"), "timeout") : null,
        loopControl,
        Retries.parse(m),
        roles.current(),
        TaskHostsReader.read(m));
  }

  private static boolean templated(Object v) {
    if (v instanceof String s) {
      return s.contains("${") || s.contains("<#");
    }
    if (v instanceof Map<?, ?> m) {
      return m.values().stream().anyMatch(PlaybookLoader::templated);
    }
    if (v instanceof List<?> l) {
      return l.stream().anyMatch(PlaybookLoader::templated);
    }
    return false;
  }

  private static String register(YamlValue v) {
    String name = YamlFields.string(v, "register");
    if (name == null || !name.matches("[A-Za-z_][A-Za-z0-9_]*")) {
      throw new InputException(v.location(), "register needs a variable name, got '" + name + "'");
    }
    return name;
  }

  private static String namePart(YamlValue.Mapping m) {
    YamlValue n = m.get("name");
    return n instanceof YamlValue.Scalar s && s.value() != null ? " ('" + s.value() + "')" : "";
  }

  @SuppressWarnings("unchecked")
  private static Map<String, Object> moduleArgs(Module module, YamlValue v, SourceLocation at) {
    Object plain = v.toPlain();
    if (plain == null) {
      return new LinkedHashMap<>();
    }
    if (plain instanceof Map<?, ?> map) {
      return new LinkedHashMap<>((Map<String, Object>) map);
    }
    if (plain instanceof List) {
      throw new InputException(at, module.name() + ": arguments must be a mapping, not a list");
    }
    String text = String.valueOf(plain);
    Optional<String> freeForm = module.spec().freeForm();
    Map<String, Object> out = new LinkedHashMap<>();
    if (freeForm.isPresent()) {
      out.put(freeForm.get(), text);
      return out;
    }
    return KeyValueArgs.parse(text, at, module.name());
  }

  private static void checkKeys(YamlValue.Mapping m, Set<String> allowed, String what) {
    for (String key : m.entries().keySet()) {
      if (!allowed.contains(key)) {
        throw new InputException(
            m.keyLocation(key),
            "unknown " + what + " '" + key + "'" + Suggestions.didYouMean(key, allowed));
      }
    }
  }

  private static void checkNotifyTargets(List<Task> handlers, List<List<TaskNode>> lists) {
    Set<String> known = new LinkedHashSet<>();
    for (Task h : handlers) {
      known.addAll(h.handlerNames());
    }
    List<Task> all = new ArrayList<>(handlers);
    for (List<TaskNode> l : lists) {
      collect(l, all);
    }
    for (Task t : all) {
      for (String n : t.notifies()) {
        if (!known.contains(n) && !n.contains("${")) {
          throw new InputException(
              t.location(),
              "notify: no handler named or listening to '"
                  + n
                  + "'"
                  + Suggestions.didYouMean(n, known));
        }
      }
    }
  }

  private static void collect(List<TaskNode> nodes, List<Task> out) {
    for (TaskNode n : nodes) {
      if (n instanceof Task t) {
        out.add(t);
      } else if (n instanceof Block b) {
        collect(b.block(), out);
        collect(b.rescue(), out);
        collect(b.always(), out);
      } else if (n instanceof RoleInclude r) {
        collect(r.tasks(), out);
      }
    }
  }
}
