package io.pagetune.template;

import freemarker.core.Environment;
import freemarker.template.Template;
import freemarker.template.TemplateModel;
import io.pagetune.error.SourceLocation;
import java.io.IOException;
import java.time.Duration;
import java.util.function.Supplier;

/**
 * One evaluation of user text within its limits: output size (a {@link BoundedWriter}), time (the
 * {@link EvaluationWatchdog}), memory and stack, each ending this evaluation with a message that
 * names the limit, never the run.
 */
final class LimitedEvaluation {
  private final TemplateLimits limits;
  private final EvaluationWatchdog watchdog;

  LimitedEvaluation(TemplateLimits limits) {
    this.limits = limits;
    this.watchdog = new EvaluationWatchdog(limits);
  }

  /**
   * Runs {@code work} within the limits: past the time limit the host's thread stops waiting for it
   * (see {@link EvaluationWatchdog}), and running out of memory or stack ends this evaluation, not
   * the run.
   */
  <T> T run(SourceLocation at, String what, Supplier<T> work) {
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

  /** Renders {@code t} into text no longer than the limit. */
  String process(Template t, VarsModel vars, SourceLocation at, String what) {
    BoundedWriter out = new BoundedWriter(limits.maxOutputChars());
    try {
      t.process(vars, out);
    } catch (freemarker.template.TemplateException e) {
      throw TemplateErrors.translate(e, at, what, null);
    } catch (BoundedWriter.OutputTooLarge e) {
      throw tooLarge(at, what);
    } catch (IOException e) {
      throw new TemplateException(at, what + ": " + e.getMessage(), e);
    }
    return out.toString();
  }

  /**
   * Runs {@code t} for the plain value it assigns to {@code variable}, its output bounded like a
   * render's.
   *
   * @param expression the user's expression, for messages
   */
  Object assigned(
      Template t,
      String variable,
      VarsModel vars,
      SourceLocation at,
      String what,
      String expression) {
    try {
      Environment env =
          t.createProcessingEnvironment(vars, new BoundedWriter(limits.maxOutputChars()));
      env.process();
      TemplateModel result = env.getCurrentNamespace().get(variable);
      return Unwrap.plain(result);
    } catch (freemarker.template.TemplateException e) {
      throw TemplateErrors.translate(e, at, what, expression);
    } catch (IOException e) {
      throw new TemplateException(at, what + ": " + e.getMessage(), e);
    }
  }

  private static String shown(Duration limit) {
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
}
