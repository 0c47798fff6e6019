package io.pagetune.cli;

import io.pagetune.modules.Arg;
import io.pagetune.modules.ArgSpec;
import io.pagetune.modules.ArgType;
import io.pagetune.modules.CheckSupport;
import io.pagetune.modules.Module;
import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A module's documentation as {@code ansible-doc} lays it out, read from the module's own argument
 * spec, so it cannot drift from what the module accepts: {@code = name} for a required option,
 * {@code - name} for an optional one, with its type, default, choices and aliases.
 */
final class ModuleDocText {
  private static final String INDENT = "        ";

  private ModuleDocText() {}

  /** Ansible's name for each argument type. */
  static String typeName(ArgType type) {
    return switch (type) {
      case STRING -> "str";
      case BOOL -> "bool";
      case INT -> "int";
      case MODE -> "raw (an octal mode such as '0644')";
      case LIST -> "list";
      case MAP -> "dict";
      case ANY -> "raw";
      case EXPRESSIONS -> "expression or list of expressions (not templated first)";
    };
  }

  static String checkMode(CheckSupport support) {
    return support == CheckSupport.FULL
        ? "full: --check predicts exactly what an apply changes"
        : "none: under --check the task is skipped (unless check_mode: false)";
  }

  static void print(Module module, PrintStream out) {
    ArgSpec spec = module.spec();
    out.println("> " + module.name().toUpperCase(Locale.ROOT));
    out.println();
    wrap(spec.summary(), "  ", out);
    out.println();
    out.println("CHECK MODE: " + checkMode(module.checkSupport()));
    spec.freeForm()
        .ifPresent(
            f ->
                out.println(
                    "FREE FORM: a plain string as the task's value (or -a) fills '" + f + "'"));
    if (spec.openKeys()) {
      out.println("OTHER KEYS: any further key is accepted as it is");
    }
    out.println();
    out.println("OPTIONS (= is mandatory):");
    for (Arg a : spec.args()) {
      out.println();
      option(a, out);
    }
    out.println();
    out.println("EXAMPLES:");
    out.println();
    spec.example().lines().forEach(l -> out.println(l.isEmpty() ? "" : "  " + l));
  }

  private static void option(Arg a, PrintStream out) {
    out.println((a.required() ? "= " : "- ") + a.name());
    wrap(a.description(), INDENT, out);
    if (!a.aliases().isEmpty()) {
      out.println(INDENT + "aliases: [" + String.join(", ", a.aliases()) + "]");
    }
    if (!a.choices().isEmpty()) {
      out.println(INDENT + "choices: [" + String.join(", ", a.choices()) + "]");
    }
    if (a.defaultValue() != null) {
      out.println(INDENT + "default: " + shown(a.defaultValue()));
    }
    out.println(INDENT + "type: " + typeName(a.type()));
  }

  private static String shown(Object v) {
    if (v instanceof String s) {
      return s.isEmpty() ? "''" : s;
    }
    if (v instanceof List<?> || v instanceof Map<?, ?>) {
      return String.valueOf(v);
    }
    return String.valueOf(v).toLowerCase(Locale.ROOT);
  }

  /** {@code text} wrapped at 100 columns after {@code indent}. */
  private static void wrap(String text, String indent, PrintStream out) {
    StringBuilder line = new StringBuilder(indent);
    for (String word : text.split("\\s+")) {
      if (word.isEmpty()) {
        continue;
      }
      if (line.length() > indent.length() && line.length() + 1 + word.length() > 100) {
        out.println(line);
        line = new StringBuilder(indent);
      }
      if (line.length() > indent.length()) {
        line.append(' ');
      }
      line.append(word);
    }
    if (line.length() > indent.length()) {
      out.println(line);
    }
  }
}
