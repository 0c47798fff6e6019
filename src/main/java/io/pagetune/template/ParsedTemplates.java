package io.pagetune.template;

import freemarker.core.ParseException;
import freemarker.core._CoreAPI;
import freemarker.template.Configuration;
import freemarker.template.Template;
import freemarker.template.TemplateNotFoundException;
import io.pagetune.error.SourceLocation;
import java.io.IOException;
import java.io.StringReader;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * User text parsed into FreeMarker templates, once per text: built-ins that evaluate data as a
 * template are refused before parsing, and every template checks for its thread's interruption, so
 * the watchdog can stop it.
 */
final class ParsedTemplates {
  private static final int MAX_CACHED = 10_000;

  private final Configuration config;
  private final Map<String, Template> inline = new ConcurrentHashMap<>();
  private final Map<String, Template> files = new ConcurrentHashMap<>();

  ParsedTemplates(Configuration config) {
    this.config = config;
  }

  /**
   * An inline template: a task's string, or an expression wrapped in an assignment.
   *
   * @param shown the user's text for messages: an expression, never the wrapper it is compiled in
   */
  Template inline(String text, String shown, SourceLocation at, String what) {
    Template cached = inline.get(text);
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
      Template t =
          interruptible(
              new Template(
                  at.file(), new StringReader(UndefinedSearchValues.rewrite(text)), config));
      if (inline.size() < MAX_CACHED) {
        inline.put(text, t);
      }
      return t;
    } catch (ParseException e) {
      throw new TemplateException(
          at,
          what
              + ": syntax error in '"
              + shown
              + "': "
              + TemplateErrors.firstLine(e.getEditorMessage()),
          e);
    } catch (IOException e) {
      throw new TemplateException(at, what + ": " + e.getMessage(), e);
    } catch (StackOverflowError e) {
      // FreeMarker's parser recurses per nesting level; parsing has no side effects to undo
      throw new TemplateException(at, what + ": expression nested too deeply; refused", null);
    }
  }

  /** A template file the configuration's loader finds in the template roots. */
  Template fromRoots(String name, List<Path> roots, SourceLocation at, String what) {
    try {
      return config.getTemplate(name);
    } catch (TemplateNotFoundException e) {
      throw new TemplateException(
          at, what + ": template file '" + name + "' not found (looked in " + roots + ")", e);
    } catch (ParseException e) {
      throw TemplateErrors.syntax("templates/" + name, e);
    } catch (IOException e) {
      throw new TemplateException(
          at, what + ": cannot read template '" + name + "': " + e.getMessage(), e);
    }
  }

  /**
   * A template file read from elsewhere (a role's {@code templates/}), already decrypted.
   *
   * @param label the file as messages name it
   */
  Template file(String label, String text, SourceLocation at, String what) {
    String key = label + "\0" + text;
    Template cached = files.get(key);
    if (cached != null) {
      return cached;
    }
    DataEvaluatingBuiltins.find(text)
        .ifPresent(
            use -> {
              throw new TemplateException(
                  at, what + ": template " + label + ": " + use.message(), null);
            });
    try {
      Template t =
          interruptible(
              new Template(label, new StringReader(UndefinedSearchValues.rewrite(text)), config));
      if (files.size() < MAX_CACHED) {
        files.put(key, t);
      }
      return t;
    } catch (ParseException e) {
      throw TemplateErrors.syntax(label, e);
    } catch (IOException e) {
      throw new TemplateException(at, what + ": " + e.getMessage(), e);
    }
  }

  private static Template interruptible(Template t) {
    _CoreAPI.addThreadInterruptedChecks(t);
    return t;
  }
}
