package io.pagetune.template;

import freemarker.template.Configuration;
import freemarker.template.Template;
import io.pagetune.error.SourceLocation;
import io.pagetune.vault.Vault;
import io.pagetune.yaml.ReadFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The playbook's expression language: FreeMarker, configured once and locked down ({@link
 * LockedDownConfiguration}), each evaluation within its limits ({@link LimitedEvaluation}).
 *
 * <p>Strings in playbooks use {@code ${…}} interpolation; a string that is exactly one {@code
 * ${expr}} yields the expression's typed value (a list stays a list, a number a number).
 */
public final class TemplateEngine {
  private final Configuration config;
  private final ParsedTemplates parsed;
  private final LimitedEvaluation limited;
  private final Expressions expressions;
  private final JinjaTemplates jinja;
  private final TemplateLanguages languages;

  private final List<Path> roots;
  private final ReadFiles reads;
  private final Vault vault;

  /**
   * @param templateRoots directories that {@code template: src=} names are looked up in, in order
   */
  public TemplateEngine(List<Path> templateRoots) {
    this(templateRoots, TemplateLimits.DEFAULT);
  }

  /**
   * @param templateRoots directories that {@code template: src=} names are looked up in, in order
   * @param limits output size and time allowed to one evaluation
   */
  public TemplateEngine(List<Path> templateRoots, TemplateLimits limits) {
    this(templateRoots, limits, ReadFiles.none());
  }

  /**
   * @param reads where the template files and copy sources a run reads are recorded
   */
  public TemplateEngine(List<Path> templateRoots, TemplateLimits limits, ReadFiles reads) {
    this(templateRoots, limits, reads, Vault.none());
  }

  /**
   * @param vault decrypts vault-encrypted template files and copy sources
   */
  public TemplateEngine(
      List<Path> templateRoots, TemplateLimits limits, ReadFiles reads, Vault vault) {
    this(templateRoots, limits, reads, vault, new TemplateLanguages(), System::getenv);
  }

  /**
   * @param languages the language of each loaded file, by which its text is evaluated
   * @param env the control node's environment, which {@code lookup('env', …)} reads
   */
  public TemplateEngine(
      List<Path> templateRoots,
      TemplateLimits limits,
      ReadFiles reads,
      Vault vault,
      TemplateLanguages languages,
      Function<String, String> env) {
    this.languages = languages;
    this.reads = reads;
    this.vault = vault;
    this.roots = List.copyOf(templateRoots);
    this.config = LockedDownConfiguration.create(roots, vault);
    this.parsed = new ParsedTemplates(config);
    this.limited = new LimitedEvaluation(limits);
    this.expressions = new Expressions(parsed, limited);
    this.jinja =
        new JinjaTemplates(new JinjaEvaluation(limits, new JinjaLookups(roots, env)), this);
  }

  /** The language of each loaded file. */
  public TemplateLanguages languages() {
    return languages;
  }

  private boolean jinjaAt(SourceLocation at) {
    return languages.of(at) == TemplateLanguage.JINJA;
  }

  /** The directories {@code template: src=} names are looked up in, in order. */
  public List<Path> roots() {
    return roots;
  }

  /** The vault that decrypts template files and copy sources. */
  public Vault vault() {
    return vault;
  }

  /** The run's record of the local files it read, which copy sources are added to too. */
  public ReadFiles reads() {
    return reads;
  }

  /** True when a string holds FreeMarker or Jinja syntax and must be rendered. */
  public static boolean hasTemplate(String s) {
    return isTemplated(s) || JinjaTemplates.isJinja(s);
  }

  /** True when a string holds FreeMarker syntax and must be rendered. */
  /** Python's {@code json.dumps(value)}, as Ansible's filters and actions write JSON. */
  public static String pythonJson(Object value) {
    return PythonJson.dumps(value, false);
  }

  public static boolean isTemplated(String s) {
    return s.contains("${") || s.contains("<#") || s.contains("<@");
  }

  /**
   * Interpolates every string inside a value (maps and lists recursively). The result is plain Java
   * values: {@link HostText} inside comes out as its string.
   *
   * @param what names the thing for messages, e.g. "task 'Plan sysctl'"
   */
  public Object interpolate(
      Object value, Map<String, Object> vars, SourceLocation at, String what) {
    if (jinjaAt(at)) {
      if (!JinjaTemplates.containsJinja(value)) {
        return HostText.plain(value);
      }
      return limited.run(
          at,
          what,
          () -> HostText.plain(jinja.interpolateWith(value, jinja.scope(vars, at), what)));
    }
    if (!VarsModel.containsTemplate(value)) {
      return HostText.plain(value);
    }
    return limited.run(at, what, () -> interpolateWith(value, model(vars, at), at, what));
  }

  private VarsModel model(Map<String, Object> vars, SourceLocation at) {
    return new VarsModel(vars, this, config.getObjectWrapper(), at);
  }

  Object interpolateWith(Object value, VarsModel vars, SourceLocation at, String what) {
    if (value instanceof String s) {
      return interpolateString(s, vars, at, what);
    }
    if (value instanceof Map<?, ?> m) {
      Map<String, Object> out = new LinkedHashMap<>();
      for (Map.Entry<?, ?> e : m.entrySet()) {
        out.put(String.valueOf(e.getKey()), interpolateWith(e.getValue(), vars, at, what));
      }
      return out;
    }
    if (value instanceof List<?> l) {
      List<Object> out = new ArrayList<>(l.size());
      for (Object o : l) {
        out.add(interpolateWith(o, vars, at, what));
      }
      return out;
    }
    return value;
  }

  /** A FreeMarker variable read from Jinja, already within the evaluation's limits. */
  Object interpolateFreeMarker(
      Object value, Map<String, Object> vars, SourceLocation at, String what) {
    return interpolateWith(value, model(vars, at), at, what);
  }

  private Object interpolateString(String s, VarsModel vars, SourceLocation at, String what) {
    if (JinjaTemplates.isJinja(s)) {
      // a variable written in a Jinja file, read from FreeMarker: a value in its own language
      return HostText.plain(jinja.interpolateWith(s, jinja.scope(vars.vars(), at), what));
    }
    if (!isTemplated(s)) {
      return s;
    }
    String single = Expressions.singleExpression(s);
    if (single != null) {
      Object value = expressions.evaluate(single, vars, at, what);
      if (s.length() == s.strip().length() || value instanceof Map || value instanceof List) {
        return value;
      }
      // "${text}\n" is text: the whitespace around the expression is kept, byte for byte
    }
    return limited.process(parsed.inline(s, s, at, what), vars, at, what);
  }

  /** Renders a text template (an inline string). */
  public String render(String text, Map<String, Object> vars, SourceLocation at, String what) {
    if (jinjaAt(at)) {
      return limited.run(at, what, () -> jinja.render(text, jinja.scope(vars, at), what));
    }
    return limited.run(
        at,
        what,
        () -> limited.process(parsed.inline(text, text, at, what), model(vars, at), at, what));
  }

  /** Renders a template file from the template root ({@code templates/}). */
  public String renderFile(String name, Map<String, Object> vars, SourceLocation at, String what) {
    Path jinjaFile = jinjaRootFile(name);
    if (jinjaFile != null) {
      return renderFile(jinjaFile, name, vars, at, what);
    }
    Template t = parsed.fromRoots(name, roots, at, what);
    recordRootFile(name);
    return limited.run(at, what, () -> limited.process(t, model(vars, at), at, what));
  }

  /** The file {@code name} names in the roots when it is a Jinja template, else null. */
  private Path jinjaRootFile(String name) {
    for (Path root : roots) {
      Path file = root.resolve(name).normalize();
      if (file.startsWith(root) && Files.isRegularFile(file)) {
        return LanguageRule.templateFile(file) == TemplateLanguage.JINJA ? file : null;
      }
    }
    return null;
  }

  /** FreeMarker's loader read the file from the first root that has it. */
  private void recordRootFile(String name) {
    for (Path root : roots) {
      Path file = root.resolve(name).normalize();
      if (file.startsWith(root) && Files.isRegularFile(file)) {
        reads.read(file);
        return;
      }
    }
  }

  /**
   * Renders a template file found outside the template roots: a role's {@code templates/}.
   *
   * @param label the file as messages name it, e.g. {@code roles/common/templates/motd.ftl}
   */
  public String renderFile(
      Path file, String label, Map<String, Object> vars, SourceLocation at, String what) {
    String text;
    try {
      text = Files.readString(file, StandardCharsets.UTF_8);
      reads.read(file, text.getBytes(StandardCharsets.UTF_8));
      text = VaultTemplateLoader.plain(text, label, vault);
    } catch (IOException e) {
      throw new TemplateException(
          at, what + ": cannot read template '" + label + "': " + e.getMessage(), e);
    }
    if (LanguageRule.template(label, text) == TemplateLanguage.JINJA) {
      String source = text;
      SourceLocation in = SourceLocation.of(label);
      return limited.run(at, what, () -> jinja.render(source, jinja.scope(vars, in), what));
    }
    Template t = parsed.file(label, text, at, what);
    return limited.run(at, what, () -> limited.process(t, model(vars, at), at, what));
  }

  /** Evaluates an expression to a plain Java value (Map, List, String, Long, Double, Boolean). */
  public Object evaluate(
      String expression, Map<String, Object> vars, SourceLocation at, String what) {
    if (jinjaAt(at)) {
      return limited.run(
          at, what, () -> HostText.plain(jinja.evaluate(expression, jinja.scope(vars, at), what)));
    }
    return limited.run(at, what, () -> expressions.evaluate(expression, model(vars, at), at, what));
  }

  /** Evaluates a condition ({@code when}, {@code changed_when}, {@code failed_when}, assert). */
  public boolean test(String expression, Map<String, Object> vars, SourceLocation at, String what) {
    if (jinjaAt(at)) {
      return limited.run(at, what, () -> jinja.test(expression, jinja.scope(vars, at), what));
    }
    return Expressions.condition(evaluate(expression, vars, at, what), expression, at, what);
  }
}
