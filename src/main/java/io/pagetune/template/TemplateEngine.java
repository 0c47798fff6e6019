package io.pagetune.template;

import freemarker.cache.FileTemplateLoader;
import freemarker.core.Environment;
import freemarker.core.InvalidReferenceException;
import freemarker.core.TemplateClassResolver;
import freemarker.core._CoreAPI;
import freemarker.ext.beans.BeansWrapper;
import freemarker.template.Configuration;
import freemarker.template.DefaultObjectWrapperBuilder;
import freemarker.template.Template;
import freemarker.template.TemplateExceptionHandler;
import freemarker.template.TemplateModel;
import io.pagetune.error.SourceLocation;
import io.pagetune.yaml.ReadFiles;
import java.io.IOException;
import java.io.StringReader;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TimeZone;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * FreeMarker, configured once and locked down: no {@code ?api}, no {@code ?new} of any class, a
 * wrapper that exposes no Java methods, errors rethrown (never printed into output), numbers
 * rendered for machines ({@code 12884901888}, never {@code 12,884,901,888}).
 *
 * <p>Strings in playbooks use {@code ${…}} interpolation; a string that is exactly one {@code
 * ${expr}} yields the expression's typed value (a list stays a list, a number a number).
 */
public final class TemplateEngine {
  private static final String RESULT_VAR = "pagetune_result__";
  private static final int MAX_CACHED = 10_000;

  private final Configuration config;
  private final Map<String, Template> inlineCache = new ConcurrentHashMap<>();
  private final Map<String, Template> fileCache = new ConcurrentHashMap<>();

  private final List<Path> roots;
  private final TemplateLimits limits;
  private final EvaluationWatchdog watchdog;
  private final ReadFiles reads;
  private final io.pagetune.vault.Vault vault;

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
    this(templateRoots, limits, reads, io.pagetune.vault.Vault.none());
  }

  /**
   * @param vault decrypts vault-encrypted template files and copy sources
   */
  public TemplateEngine(
      List<Path> templateRoots,
      TemplateLimits limits,
      ReadFiles reads,
      io.pagetune.vault.Vault vault) {
    this.reads = reads;
    this.vault = vault;
    this.roots = List.copyOf(templateRoots);
    this.limits = limits;
    this.watchdog = new EvaluationWatchdog(limits);
    config = new InterruptibleConfiguration(Configuration.VERSION_2_3_34);
    config.setDefaultEncoding("UTF-8");
    config.setLocale(Locale.ROOT);
    config.setTimeZone(TimeZone.getTimeZone("UTC"));
    config.setCustomNumberFormats(Map.of(WatchedNumberFormat.NAME, WatchedNumberFormat.FACTORY));
    config.setNumberFormat("@" + WatchedNumberFormat.NAME);
    config.setBooleanFormat("c");
    config.setTemplateExceptionHandler(TemplateExceptionHandler.RETHROW_HANDLER);
    config.setLogTemplateExceptions(false);
    config.setWrapUncheckedExceptions(true);
    config.setFallbackOnNullLoopVariable(false);
    config.setAPIBuiltinEnabled(false);
    config.setNewBuiltinClassResolver(TemplateClassResolver.ALLOWS_NOTHING_RESOLVER);
    config.setInterpolationSyntax(Configuration.DOLLAR_INTERPOLATION_SYNTAX);
    config.setLocalizedLookup(false);
    config.setArithmeticEngine(new WatchedArithmeticEngine());
    DefaultObjectWrapperBuilder wrapper =
        new DefaultObjectWrapperBuilder(Configuration.VERSION_2_3_34);
    wrapper.setExposureLevel(BeansWrapper.EXPOSE_NOTHING);
    wrapper.setUseAdaptersForContainers(true);
    wrapper.setIterableSupport(true);
    config.setObjectWrapper(new HostTextWrapper(wrapper));
    try {
      for (Map.Entry<String, freemarker.template.TemplateMethodModelEx> fn :
          Conversions.all().entrySet()) {
        config.setSharedVariable(fn.getKey(), fn.getValue());
      }
      List<freemarker.cache.TemplateLoader> loaders = new ArrayList<>();
      for (Path root : roots) {
        if (root.toFile().isDirectory()) {
          loaders.add(new VaultTemplateLoader(new FileTemplateLoader(root.toFile()), vault));
        }
      }
      config.setTemplateLoader(
          new freemarker.cache.MultiTemplateLoader(
              loaders.toArray(new freemarker.cache.TemplateLoader[0])));
    } catch (IOException e) {
      throw new IllegalStateException("cannot configure FreeMarker", e);
    }
  }

  /** The directories {@code template: src=} names are looked up in, in order. */
  public List<Path> roots() {
    return roots;
  }

  /** The vault that decrypts template files and copy sources. */
  public io.pagetune.vault.Vault vault() {
    return vault;
  }

  /** The run's record of the local files it read, which copy sources are added to too. */
  public ReadFiles reads() {
    return reads;
  }

  /** True when a string holds FreeMarker syntax and must be rendered. */
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
    if (!VarsModel.containsTemplate(value)) {
      return HostText.plain(value);
    }
    return bounded(at, what, () -> interpolateWith(value, model(vars, at), at, what));
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

  private Object interpolateString(String s, VarsModel vars, SourceLocation at, String what) {
    if (!isTemplated(s)) {
      return s;
    }
    String single = singleExpression(s);
    if (single != null) {
      Object value = evaluateWith(single, vars, at, what);
      if (s.length() == s.strip().length() || value instanceof Map || value instanceof List) {
        return value;
      }
      // "${text}\n" is text: the whitespace around the expression is kept, byte for byte
    }
    return process(compile(s, at, what), vars, at, what);
  }

  /** The expression of a string that is exactly {@code ${expr}}, else null. */
  static String singleExpression(String s) {
    String t = s.strip();
    if (!t.startsWith("${") || !t.endsWith("}")) {
      return null;
    }
    int depth = 0;
    boolean inString = false;
    char quote = 0;
    for (int i = 2; i < t.length(); i++) {
      char c = t.charAt(i);
      if (inString) {
        if (c == '\\') {
          i++;
        } else if (c == quote) {
          inString = false;
        }
      } else if (c == '"' || c == '\'') {
        inString = true;
        quote = c;
      } else if (c == '{') {
        depth++;
      } else if (c == '}') {
        if (depth == 0) {
          return i == t.length() - 1 ? t.substring(2, i) : null;
        }
        depth--;
      }
    }
    return null;
  }

  /** Renders a text template (an inline string). */
  public String render(String text, Map<String, Object> vars, SourceLocation at, String what) {
    return bounded(at, what, () -> process(compile(text, at, what), model(vars, at), at, what));
  }

  /** Renders a template file from the template root ({@code templates/}). */
  public String renderFile(String name, Map<String, Object> vars, SourceLocation at, String what) {
    Template t;
    try {
      t = config.getTemplate(name);
    } catch (freemarker.template.TemplateNotFoundException e) {
      throw new TemplateException(
          at, what + ": template file '" + name + "' not found (looked in " + roots + ")", e);
    } catch (freemarker.core.ParseException e) {
      throw new TemplateException(
          new SourceLocation("templates/" + name, e.getLineNumber(), e.getColumnNumber()),
          "template syntax error: " + firstLine(e.getEditorMessage()),
          e);
    } catch (IOException e) {
      throw new TemplateException(
          at, what + ": cannot read template '" + name + "': " + e.getMessage(), e);
    }
    recordRootFile(name);
    return bounded(at, what, () -> process(t, model(vars, at), at, what));
  }

  /** FreeMarker's loader read the file from the first root that has it. */
  private void recordRootFile(String name) {
    for (Path root : roots) {
      Path file = root.resolve(name).normalize();
      if (file.startsWith(root) && java.nio.file.Files.isRegularFile(file)) {
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
      text = java.nio.file.Files.readString(file, java.nio.charset.StandardCharsets.UTF_8);
      reads.read(file, text.getBytes(java.nio.charset.StandardCharsets.UTF_8));
      text = VaultTemplateLoader.plain(text, label, vault);
    } catch (IOException e) {
      throw new TemplateException(
          at, what + ": cannot read template '" + label + "': " + e.getMessage(), e);
    }
    Template t = fileCache.get(label + "\0" + text);
    if (t == null) {
      DataEvaluatingBuiltins.find(text)
          .ifPresent(
              use -> {
                throw new TemplateException(
                    at, what + ": template " + label + ": " + use.message(), null);
              });
      try {
        t = new Template(label, new StringReader(text), config);
      } catch (freemarker.core.ParseException e) {
        throw new TemplateException(
            new SourceLocation(label, e.getLineNumber(), e.getColumnNumber()),
            "template syntax error: " + firstLine(e.getEditorMessage()),
            e);
      } catch (IOException e) {
        throw new TemplateException(at, what + ": " + e.getMessage(), e);
      }
      _CoreAPI.addThreadInterruptedChecks(t);
      if (fileCache.size() < MAX_CACHED) {
        fileCache.put(label + "\0" + text, t);
      }
    }
    Template parsed = t;
    return bounded(at, what, () -> process(parsed, model(vars, at), at, what));
  }

  /** Evaluates an expression to a plain Java value (Map, List, String, Long, Double, Boolean). */
  public Object evaluate(
      String expression, Map<String, Object> vars, SourceLocation at, String what) {
    return bounded(at, what, () -> evaluateWith(expression, model(vars, at), at, what));
  }

  /**
   * Runs one evaluation of user text within the limits: past the time limit the host's thread stops
   * waiting for it (see {@link EvaluationWatchdog}), and running out of memory or stack ends this
   * evaluation, not the run.
   */
  private <T> T bounded(SourceLocation at, String what, Supplier<T> work) {
    try {
      T result = watchdog.run(work);
      if (result instanceof String s && s.length() > limits.maxOutputChars()) {
        throw tooLarge(at, what);
      }
      return result;
    } catch (EvaluationWatchdog.Overrun e) {
      // where FreeMarker stopped, when it knows (a template file's line), else the task's text
      SourceLocation where =
          e.getCause() instanceof TemplateException located && located.location() != null
              ? located.location()
              : at;
      throw new TemplateLimitException(
          where,
          what
              + ": template evaluation stopped after "
              + shown(watchdog.limit())
              + " (time limit per evaluation)");
    } catch (OutOfMemoryError e) {
      throw new TemplateLimitException(
          at, what + ": template evaluation stopped: it needs more memory than allowed");
    } catch (StackOverflowError e) {
      throw new TemplateLimitException(
          at, what + ": template evaluation stopped: macro or variable nesting too deep");
    }
  }

  private static String shown(java.time.Duration limit) {
    return limit.toMillis() % 1000 == 0 ? limit.toSeconds() + "s" : limit.toMillis() + "ms";
  }

  private TemplateException tooLarge(SourceLocation at, String what) {
    return new TemplateLimitException(
        at,
        what
            + ": template output is larger than "
            + limits.maxOutputChars()
            + " characters (size limit per evaluation)");
  }

  private Object evaluateWith(String expression, VarsModel vars, SourceLocation at, String what) {
    Template t =
        compile("<#assign " + RESULT_VAR + " = (" + expression + ")>", expression, at, what);
    try {
      Environment env =
          t.createProcessingEnvironment(vars, new BoundedWriter(limits.maxOutputChars()));
      env.process();
      TemplateModel result = env.getCurrentNamespace().get(RESULT_VAR);
      return Unwrap.plain(result);
    } catch (freemarker.template.TemplateException e) {
      throw translate(e, at, what, expression);
    } catch (IOException e) {
      throw new TemplateException(at, what + ": " + e.getMessage(), e);
    }
  }

  /** Evaluates a condition ({@code when}, {@code changed_when}, {@code failed_when}, assert). */
  public boolean test(String expression, Map<String, Object> vars, SourceLocation at, String what) {
    Object v = evaluate(expression, vars, at, what);
    if (v instanceof Boolean b) {
      return b;
    }
    if (v instanceof String s) {
      String t = s.trim().toLowerCase(Locale.ROOT);
      if (t.equals("true") || t.equals("yes")) {
        return true;
      }
      if (t.equals("false") || t.equals("no") || t.isEmpty()) {
        return false;
      }
    }
    throw new TemplateException(
        at,
        what + ": condition '" + expression + "' must be true or false, but it is '" + v + "'",
        null);
  }

  private Template compile(String text, SourceLocation at, String what) {
    return compile(text, text, at, what);
  }

  /**
   * @param shown the user's text for messages: an expression, never the wrapper it is compiled in
   */
  private Template compile(String text, String shown, SourceLocation at, String what) {
    Template cached = inlineCache.get(text);
    if (cached != null) {
      return cached;
    }
    DataEvaluatingBuiltins.find(text)
        .ifPresent(
            use -> {
              throw new TemplateException(
                  at, what + ": in '" + shown + "': " + use.message(), null);
            });
    try {
      Template t = new Template(at.file(), new StringReader(text), config);
      _CoreAPI.addThreadInterruptedChecks(t);
      if (inlineCache.size() < MAX_CACHED) {
        inlineCache.put(text, t);
      }
      return t;
    } catch (freemarker.core.ParseException e) {
      throw new TemplateException(
          at, what + ": syntax error in '" + shown + "': " + firstLine(e.getEditorMessage()), e);
    } catch (IOException e) {
      throw new TemplateException(at, what + ": " + e.getMessage(), e);
    } catch (StackOverflowError e) {
      // FreeMarker's parser recurses per nesting level; parsing has no side effects to undo
      throw new TemplateException(at, what + ": expression nested too deeply; refused", null);
    }
  }

  private String process(Template t, VarsModel vars, SourceLocation at, String what) {
    BoundedWriter out = new BoundedWriter(limits.maxOutputChars());
    try {
      t.process(vars, out);
    } catch (freemarker.template.TemplateException e) {
      throw translate(e, at, what, null);
    } catch (BoundedWriter.OutputTooLarge e) {
      throw tooLarge(at, what);
    } catch (IOException e) {
      throw new TemplateException(at, what + ": " + e.getMessage(), e);
    }
    return out.toString();
  }

  private TemplateException translate(
      freemarker.template.TemplateException e, SourceLocation at, String what, String expr) {
    for (Throwable c = e.getCause(); c != null; c = c.getCause()) {
      if (c instanceof TemplateException nested) {
        return nested; // a lazily resolved variable failed: its message is the precise one
      }
    }
    SourceLocation where = at;
    if (e.getTemplateSourceName() != null
        && !e.getTemplateSourceName().equals(at.file())
        && e.getLineNumber() != null) {
      String source = e.getTemplateSourceName();
      where =
          new SourceLocation(
              source.contains("/templates/") ? source : "templates/" + source,
              e.getLineNumber(),
              e.getColumnNumber() == null ? 1 : e.getColumnNumber());
    }
    if (e instanceof InvalidReferenceException) {
      String name = e.getBlamedExpressionString();
      return new TemplateException(
          where,
          what
              + ": undefined variable '"
              + name
              + "' (give a default with "
              + name
              + "!'value' or test with "
              + name
              + "??)",
          e);
    }
    String msg = firstLine(e.getMessageWithoutStackTop());
    return new TemplateException(
        where, what + ": " + (expr != null ? "in '" + expr + "': " : "") + msg, e);
  }

  private static String firstLine(String s) {
    if (s == null) {
      return "";
    }
    String t = s.strip();
    int nl = t.indexOf('\n');
    return nl < 0 ? t : t.substring(0, nl).strip();
  }

  /** FreeMarker arithmetic yields BigDecimal; playbooks want Long where the value is integral. */
  static Object normalize(Object v) {
    if (v instanceof HostText h) {
      return h.text();
    }
    if (v instanceof BigDecimal bd) {
      try {
        if (bd.stripTrailingZeros().scale() <= 0) {
          return Long.valueOf(bd.longValueExact());
        }
        return Double.valueOf(bd.doubleValue());
      } catch (ArithmeticException tooBig) {
        return bd.doubleValue();
      }
    }
    if (v instanceof BigInteger bi) {
      return bi.longValue();
    }
    if (v instanceof Integer || v instanceof Short || v instanceof Byte) {
      return ((Number) v).longValue();
    }
    if (v instanceof Float f) {
      return f.doubleValue();
    }
    if (v instanceof Map<?, ?> m) {
      Map<String, Object> out = new LinkedHashMap<>();
      m.forEach((k, val) -> out.put(String.valueOf(k), normalize(val)));
      return out;
    }
    if (v instanceof List<?> l) {
      List<Object> out = new ArrayList<>(l.size());
      l.forEach(o -> out.add(normalize(o)));
      return out;
    }
    return v;
  }
}
