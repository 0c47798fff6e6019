package io.pagetune.playbook;

import io.pagetune.error.InputException;
import io.pagetune.error.SourceLocation;
import io.pagetune.error.Suggestions;
import io.pagetune.modules.Args;
import io.pagetune.modules.Module;
import io.pagetune.modules.ModuleRegistry;
import io.pagetune.template.TemplateEngine;
import io.pagetune.yaml.YamlValue;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/** Parses one task (or handler) mapping: its module and arguments, loop, and task keywords. */
final class TaskParser {
  static final Set<String> TASK_KEYS = Keyword.allowedIn(Keyword.Scope.TASK);

  private final ModuleRegistry modules;

  TaskParser(ModuleRegistry modules) {
    this.modules = modules;
  }

  /**
   * @param parent the enclosing blocks' and play's keywords, without vars
   * @param blockVars the enclosing blocks' vars, a layer of their own
   */
  Task parse(YamlValue.Mapping m, Keywords parent, Map<String, Object> blockVars, boolean handler) {
    return parse(m, parent, blockVars, handler, null);
  }

  /**
   * @param role the role whose files are being read, or null
   */
  Task parse(
      YamlValue.Mapping m,
      Keywords parent,
      Map<String, Object> blockVars,
      boolean handler,
      RoleScope role) {
    String moduleKey = moduleKey(m);
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
    Args checked = module.spec().validate(module.name(), args, moduleAt, false);
    // cross-argument checks see real values only; templated ones are checked again at run time
    if (args.values().stream().noneMatch(TaskParser::templated)) {
      module.validate(checked);
    }
    String loopVar = loopVar(m);
    LoopControl loopControl = loopControl(m);
    return new Task(
        m.has("name") ? YamlFields.string(m.get("name"), "name") : null,
        module.name(),
        args,
        m.location(),
        moduleAt,
        KeywordParser.inheritable(m, parent, false),
        blockVars,
        loop(m),
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
        role,
        TaskHostsReader.read(m));
  }

  /** The one key of {@code m} that names a module; everything else must be a task keyword. */
  private String moduleKey(YamlValue.Mapping m) {
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
    return moduleKey;
  }

  /** {@code loop_control}'s {@code loop_var}, else {@code item}. */
  static String loopVar(YamlValue.Mapping m) {
    YamlValue.Mapping lc = loopControlMapping(m);
    return lc != null && lc.has("loop_var")
        ? YamlFields.string(lc.get("loop_var"), "loop_var")
        : "item";
  }

  /** {@code loop_control}'s other keys, or {@link LoopControl#NONE}. */
  static LoopControl loopControl(YamlValue.Mapping m) {
    YamlValue.Mapping lc = loopControlMapping(m);
    return lc == null ? LoopControl.NONE : LoopControls.parse(lc);
  }

  private static YamlValue.Mapping loopControlMapping(YamlValue.Mapping m) {
    if (!m.has("loop_control")) {
      return null;
    }
    YamlValue.Mapping lc = YamlFields.mapping(m.get("loop_control"), "loop_control");
    KeywordParser.checkAllowed(
        lc, Set.of("loop_var", "label", "index_var", "pause"), "loop_control key");
    return lc;
  }

  /** {@code loop}, {@code with_items} or {@code with_list} as written (rendered at run time). */
  static Object loop(YamlValue.Mapping m) {
    String loopKey =
        m.has("loop")
            ? "loop"
            : m.has("with_items")
                ? "with_items"
                : m.has("with_list") ? "with_list" : m.has("with_dict") ? "with_dict" : null;
    if (loopKey == null) {
      return null;
    }
    Object loop =
        loopKey.equals("with_dict") ? WithDict.loop(m.get(loopKey)) : m.get(loopKey).toPlain();
    if (!(loop instanceof List)
        && !(loop instanceof String s && (s.contains("${") || TemplateEngine.hasTemplate(s)))) {
      throw new InputException(
          m.get(loopKey).location(), loopKey + " must be a list or a ${…} or {{ … }} expression");
    }
    return loop;
  }

  private static boolean templated(Object v) {
    if (v instanceof String s) {
      return s.contains("${") || s.contains("<#") || TemplateEngine.hasTemplate(s);
    }
    if (v instanceof Map<?, ?> m) {
      return m.values().stream().anyMatch(TaskParser::templated);
    }
    if (v instanceof List<?> l) {
      return l.stream().anyMatch(TaskParser::templated);
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
}
