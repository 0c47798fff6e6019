package io.pagetune.playbook;

import io.pagetune.error.InputException;
import io.pagetune.error.SourceLocation;
import io.pagetune.modules.ModuleRegistry;
import io.pagetune.template.JinjaLoadCheck;
import io.pagetune.template.TemplateLanguage;
import io.pagetune.template.TemplateLanguages;
import io.pagetune.template.TemplateSyntax;
import io.pagetune.template.UserTextCheck;
import io.pagetune.template.YamlLanguageRule;
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
import java.util.Set;

/**
 * Parses and validates a playbook (with {@code import_playbook} and {@code import_tasks}) into the
 * immutable model. Every input error is raised here, with {@code file:line:col}, before any host is
 * contacted.
 */
public final class PlaybookLoader {
  static final Set<String> PLAY_KEYS = Keyword.allowedIn(Keyword.Scope.PLAY);
  static final Set<String> TASK_KEYS = TaskParser.TASK_KEYS;
  static final Set<String> BLOCK_KEYS = Keyword.allowedIn(Keyword.Scope.BLOCK);
  private static final Set<String> INCLUDE_KEYS = Keyword.allowedIn(Keyword.Scope.INCLUDE);
  private static final List<String> LOOP_KEYS = List.of("loop", "with_items", "with_list");

  /**
   * What {@code include_tasks}' {@code apply} takes: the keywords of a block (Ansible makes a block
   * of them around the included tasks), without the block's sections.
   */
  private static final Set<String> APPLY_KEYS = applyKeys();

  private static final int MAX_IMPORT_DEPTH = 20;

  private final YamlReader yaml;
  private final TaskParser tasks;
  private final Deque<Path> importStack = new ArrayDeque<>();
  private final TemplateSyntax syntax = new TemplateSyntax();
  private final JinjaLoadCheck jinja = new JinjaLoadCheck();

  /** The language of each file this loader read, which the run evaluates each file's text in. */
  private final TemplateLanguages languages = new TemplateLanguages();

  private final RoleLoader roles;

  /** The directory of the playbook whose play is being read. */
  private Path playDir;

  public PlaybookLoader(ModuleRegistry modules, YamlReader yaml) {
    this(modules, yaml, RolePath.NONE);
  }

  /**
   * @param rolePath the configured roles path ({@code roles_path}, {@code ANSIBLE_ROLES_PATH})
   */
  public PlaybookLoader(ModuleRegistry modules, YamlReader yaml, RolePath rolePath) {
    this.yaml = yaml;
    this.tasks = new TaskParser(modules);
    this.roles = new RoleLoader(rolePath, new RoleParser());
  }

  private static Set<String> applyKeys() {
    Set<String> keys = new LinkedHashSet<>(BLOCK_KEYS);
    keys.removeAll(Set.of("block", "rescue", "always"));
    return Set.copyOf(keys);
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
      return KeywordParser.inheritable(m, parent, false);
    }

    @Override
    public String label(Path file) {
      return yaml.label(file);
    }
  }

  public Playbook load(Path file) {
    List<Play> plays = new ArrayList<>();
    loadInto(file.toAbsolutePath().normalize(), plays, null);
    return new Playbook(yaml.label(file), plays, languages);
  }

  /**
   * The play of {@code pagetune adhoc} ({@link AdhocPlay}), checked as a playbook's play is; its
   * relative paths ({@code copy src=}) count from {@code baseDir}.
   */
  public Playbook adhoc(YamlValue.Mapping play, Path baseDir) {
    UserTextCheck.full(SourceText.of(""), syntax).check(play);
    return new Playbook(AdhocPlay.NAME, List.of(play(play, baseDir)));
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
    playDir = baseDir;
    KeywordParser.checkAllowed(m, PLAY_KEYS, "play keyword");
    if (!m.has("hosts")) {
      throw new InputException(m.location(), "play has no 'hosts'");
    }
    String hosts = PlayKeywords.hosts(m.get("hosts"));
    Map<String, Object> vars = PlayKeywords.vars(m);
    List<Path> varsFiles = PlayKeywords.varsFiles(m, baseDir, this::readChecked);
    Keywords kw = KeywordParser.inheritable(m, Keywords.NONE, true).withoutVars();
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
    NotifyTargets.check(handlers, List.of(pre, tasks, post));
    return new Play(
        m.has("name") ? YamlFields.string(m.get("name"), "name") : null,
        hosts,
        m.get("hosts").location(),
        vars,
        varsFiles,
        m.has("gather_facts") ? YamlFields.bool(m.get("gather_facts"), "gather_facts") : true,
        PlayKeywords.serial(m),
        PlayKeywords.strategy(m),
        PlayKeywords.maxFailPercentage(m),
        PlayKeywords.flag(m, "any_errors_fatal"),
        PlayKeywords.flag(m, "force_handlers"),
        kw,
        pre,
        tasks,
        post,
        handlers,
        baseDir,
        m.location(),
        roles.publicVars(),
        GatherSubsetField.read(m));
  }

  /**
   * Reads a YAML file of the playbook; its language is decided ({@link YamlLanguageRule}) and
   * recorded, and its conditions and templates are parsed here in that language.
   */
  private YamlValue readChecked(Path file) {
    YamlValue root = yaml.read(file);
    SourceText source = SourceText.read(file);
    String label = yaml.label(file);
    TemplateLanguage language = YamlLanguageRule.decide(label, source, source.text(), root);
    languages.put(label, language);
    UserTextCheck.of(source, language, syntax, jinja).check(root);
    return root;
  }

  private List<TaskNode> taskList(
      YamlValue v, Keywords parent, Map<String, Object> blockVars, Path baseDir, boolean handlers) {
    List<TaskNode> out = new ArrayList<>();
    for (YamlValue item : YamlFields.list(v, "a task list")) {
      YamlValue.Mapping m =
          ControlTaskNames.shortened(LocalAction.rewritten(YamlFields.mapping(item, "a task")));
      if (m.has("import_tasks") || m.has("include_tasks")) {
        out.addAll(importTasks(m, parent, blockVars, baseDir, handlers));
      } else if (m.has("import_role") || m.has("include_role")) {
        out.addAll(role(m, parent, blockVars, handlers));
      } else if (m.has("meta")) {
        out.add(MetaTasks.parse(m, parent, blockVars, roles.current(), handlers));
      } else if (m.has("block")) {
        out.add(block(m, parent, blockVars, baseDir, handlers));
      } else {
        Task task = tasks.parse(m, parent, blockVars, handlers, roles.current());
        out.add(
            task.module().equals("include_vars")
                ? new IncludeVarsLoad(playDir, yaml::label, this::readChecked)
                    .checked(task, baseDir)
                : task);
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
    Set<String> allowed = new LinkedHashSet<>(INCLUDE_KEYS);
    allowed.add(key);
    KeywordParser.checkAllowed(m, allowed, "keyword");
    boolean dynamic = key.equals("include_tasks") && !handlers;
    String loopKey = LOOP_KEYS.stream().filter(m::has).findFirst().orElse(null);
    if (!dynamic && (loopKey != null || m.has("loop_control"))) {
      throw new InputException(
          m.keyLocation(loopKey != null ? loopKey : "loop_control"),
          key
              + (handlers ? " in a handler" : "")
              + " cannot loop (ansible-playbook refuses a loop on import_tasks);"
              + " use include_tasks in a task list");
    }
    YamlValue ref = m.get(key);
    YamlValue.Mapping apply = null;
    if (ref instanceof YamlValue.Mapping args && key.equals("include_tasks")) {
      KeywordParser.checkAllowed(args, Set.of("file", "apply"), "include_tasks argument");
      if (!args.has("file")) {
        throw new InputException(ref.location(), "include_tasks: 'file' is required");
      }
      apply = args.has("apply") ? YamlFields.mapping(args.get("apply"), "apply") : null;
      ref = args.get("file");
    }
    String written = YamlFields.string(ref, key);
    Keywords kw = KeywordParser.inheritable(m, parent, false);
    if (dynamic
        && IncludeFileChoice.isTemplate(written)
        && importStack.size() <= MAX_IMPORT_DEPTH) {
      return List.of(templatedInclude(m, kw, parent, blockVars, apply, written, baseDir));
    }
    Path file = baseDir.resolve(written).normalize();
    if (!Files.isRegularFile(file)) {
      throw new InputException(ref.location(), key + ": " + yaml.label(file) + " not found");
    }
    if (importStack.contains(file) || importStack.size() > MAX_IMPORT_DEPTH) {
      throw new InputException(ref.location(), key + " cycle or nesting too deep");
    }
    if (apply != null && !dynamic) {
      throw new InputException(
          m.get(key).location(), "include_tasks in a handler does not take 'apply'");
    }
    importStack.push(file);
    try {
      if (!dynamic) {
        Map<String, Object> vars = new LinkedHashMap<>(blockVars);
        vars.putAll(kw.vars());
        return taskList(readChecked(file), kw.withoutVars(), vars, file.getParent(), handlers);
      }
      // include_tasks: its when, tags and loop are its own, as in Ansible; its tasks inherit what
      // the blocks around it set, and what its 'apply' sets as a block around them would
      Task gate = IncludeGates.includeTasks(m, kw, blockVars, roles.current());
      return List.of(
          new DynamicInclude(
              gate,
              DynamicInclude.Kind.TASKS,
              yaml.label(file),
              includedTasks(file, parent, blockVars, apply)));
    } finally {
      importStack.pop();
    }
  }

  /** A task file's tasks under the blocks around its include and what its 'apply' sets. */
  private List<TaskNode> includedTasks(
      Path file, Keywords parent, Map<String, Object> blockVars, YamlValue.Mapping apply) {
    Keywords inner = parent;
    Map<String, Object> innerVars = blockVars;
    if (apply != null) {
      KeywordParser.checkApply(apply, APPLY_KEYS);
      Keywords applied = KeywordParser.inheritable(apply, parent, false);
      inner = applied.withoutVars();
      innerVars = new LinkedHashMap<>(blockVars);
      innerVars.putAll(applied.vars());
    }
    return taskList(readChecked(file), inner, innerVars, file.getParent(), false);
  }

  /** An include_tasks whose file name is a template: every file it can name is read now. */
  private DynamicInclude templatedInclude(
      YamlValue.Mapping m,
      Keywords kw,
      Keywords parent,
      Map<String, Object> blockVars,
      YamlValue.Mapping apply,
      String written,
      Path baseDir) {
    RoleScope role = roles.current();
    IncludeFileChoice choice =
        IncludeFileChoice.read(
            new IncludeFileChoice.Where(
                written, baseDir, role == null ? null : role.dir(), playDir),
            importStack,
            file -> includedTasks(file, parent, blockVars, apply),
            PlaybookShape::isPlaybook,
            m.get("include_tasks").location(),
            yaml::label);
    Task gate = IncludeGates.includeTasks(m, kw, blockVars, role);
    return new DynamicInclude(gate, DynamicInclude.Kind.TASKS, written, List.of(), choice);
  }

  private List<TaskNode> role(
      YamlValue.Mapping m, Keywords parent, Map<String, Object> blockVars, boolean handlers) {
    String key = m.has("import_role") ? "import_role" : "include_role";
    if (handlers) {
      throw new InputException(m.keyLocation(key), key + " is not supported in handlers");
    }
    Set<String> allowed = new LinkedHashSet<>(RoleLoader.ROLE_TASK_KEYS);
    allowed.add(key);
    KeywordParser.checkAllowed(m, allowed, key + " keyword");
    if (key.equals("import_role")) {
      return roles.importRole(m, parent, blockVars);
    }
    Keywords kw = KeywordParser.inheritable(m, parent, false);
    Task gate = IncludeGates.include(key, m, kw, blockVars, roles.current());
    return List.of(roles.includeRole(m, parent, blockVars, gate));
  }

  private Block block(
      YamlValue.Mapping m,
      Keywords parent,
      Map<String, Object> blockVars,
      Path baseDir,
      boolean handlers) {
    KeywordParser.checkAllowed(m, BLOCK_KEYS, "block keyword");
    Keywords kw = KeywordParser.inheritable(m, parent, false);
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
}
