package io.pagetune.template;

import freemarker.core.InvalidReferenceException;
import freemarker.core.ParseException;
import io.pagetune.error.SourceLocation;

/** FreeMarker's exceptions as one-line {@link TemplateException}s naming where and what. */
final class TemplateErrors {
  private TemplateErrors() {}

  /** A template file that does not parse, at the line and column FreeMarker stopped. */
  static TemplateException syntax(String file, ParseException e) {
    return new TemplateException(
        new SourceLocation(file, e.getLineNumber(), e.getColumnNumber()),
        "template syntax error: " + firstLine(e.getEditorMessage()),
        e);
  }

  /**
   * A failed evaluation: the nested message of a lazily resolved variable, an undefined variable
   * with the two ways to give it a default, or FreeMarker's own first line.
   *
   * @param expr the user's expression when one was evaluated, else null
   */
  static TemplateException translate(
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

  static String firstLine(String s) {
    if (s == null) {
      return "";
    }
    String t = s.strip();
    int nl = t.indexOf('\n');
    return nl < 0 ? t : t.substring(0, nl).strip();
  }
}
