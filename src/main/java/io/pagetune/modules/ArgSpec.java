package io.pagetune.modules;

import io.pagetune.error.InputException;
import io.pagetune.error.SourceLocation;
import io.pagetune.error.Suggestions;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The arguments a module accepts. Validation runs twice: at load time on the raw YAML (values that
 * still hold {@code ${…}} are not type-checked yet) and at run time on the interpolated values.
 *
 * @param freeForm the argument that a plain string value fills ({@code command: ls} → {@code cmd})
 * @param openKeys whether names that are not declared are accepted as they are ({@code set_fact})
 * @param summary what the module does, one sentence ({@code pagetune doc})
 * @param example a task using the module, as YAML ({@code pagetune doc})
 */
public record ArgSpec(
    List<Arg> args, Optional<String> freeForm, boolean openKeys, String summary, String example) {
  public ArgSpec {
    args = List.copyOf(args);
    summary = summary == null ? "" : summary;
    example = example == null ? "" : example;
  }

  public ArgSpec(List<Arg> args, Optional<String> freeForm) {
    this(args, freeForm, false, "", "");
  }

  /** The module's one-sentence summary and a task using it, for {@code pagetune doc}. */
  public ArgSpec documented(String summary, String example) {
    return new ArgSpec(args, freeForm, openKeys, summary, example);
  }

  public static ArgSpec of(Arg... args) {
    return new ArgSpec(List.of(args), Optional.empty());
  }

  public ArgSpec withFreeForm(String argName) {
    return new ArgSpec(args, Optional.of(argName), openKeys, summary, example);
  }

  /** Accepts any further argument name, untyped (for modules whose keys are data). */
  public ArgSpec withOpenKeys() {
    return new ArgSpec(args, freeForm, true, summary, example);
  }

  public Optional<Arg> find(String name) {
    for (Arg a : args) {
      if (a.name().equals(name) || a.aliases().contains(name)) {
        return Optional.of(a);
      }
    }
    return Optional.empty();
  }

  /** Names that are never interpolated before the module sees them. */
  public boolean isExpression(String name) {
    return find(name).map(a -> a.type() == ArgType.EXPRESSIONS).orElse(false);
  }

  public Args validate(
      String module, Map<String, Object> raw, SourceLocation location, boolean interpolated) {
    Map<String, Object> out = new LinkedHashMap<>();
    List<String> known = new ArrayList<>();
    for (Arg a : args) {
      known.add(a.name());
    }
    for (Map.Entry<String, Object> e : raw.entrySet()) {
      Optional<Arg> arg = find(e.getKey());
      if (arg.isEmpty() && openKeys) {
        out.put(e.getKey(), e.getValue());
        continue;
      }
      if (arg.isEmpty()) {
        throw new InputException(
            location,
            module
                + ": unknown argument '"
                + e.getKey()
                + "'"
                + Suggestions.didYouMean(e.getKey(), known)
                + " (accepted: "
                + String.join(", ", known)
                + ")");
      }
      if (out.containsKey(arg.get().name())) {
        throw new InputException(
            location, module + ": argument '" + arg.get().name() + "' given twice (alias)");
      }
      Object value = e.getValue();
      if (value != null && (interpolated || !isTemplated(value))) {
        checkType(module, arg.get(), value, location);
      }
      out.put(arg.get().name(), value);
    }
    for (Arg a : args) {
      if (!out.containsKey(a.name()) || out.get(a.name()) == null) {
        if (a.required()) {
          throw new InputException(
              location, module + ": missing required argument '" + a.name() + "'");
        }
        if (a.defaultValue() != null) {
          out.put(a.name(), a.defaultValue());
        }
      }
    }
    return new Args(module, out, location);
  }

  /**
   * Whether a value is a template (FreeMarker or Jinja2), checked only once the run renders it:
   * {@code limit_type: "{{ item.type }}"} is valid until its value says otherwise.
   */
  static boolean isTemplated(Object value) {
    return value instanceof String s
        && (s.contains("${") || s.contains("<#") || s.contains("{{") || s.contains("{%"));
  }

  private static void checkType(String module, Arg arg, Object value, SourceLocation location) {
    String problem = null;
    switch (arg.type()) {
      case STRING -> {
        if (value instanceof Map || value instanceof List) {
          problem = "must be a string, not a " + (value instanceof Map ? "mapping" : "list");
        }
      }
      case BOOL -> {
        if (!ArgCoercion.isBool(value)) {
          problem = "must be a boolean (true/false), got '" + value + "'";
        }
      }
      case INT -> {
        try {
          ArgCoercion.toLong(value, IllegalArgumentException::new);
        } catch (IllegalArgumentException ex) {
          problem = "must be an integer, got '" + value + "'";
        }
      }
      case MODE -> {
        try {
          ArgCoercion.toMode(value, IllegalArgumentException::new);
        } catch (IllegalArgumentException ex) {
          problem = "must be an octal mode like '0644', got '" + value + "'";
        }
      }
      case LIST -> {
        if (value instanceof Map) {
          problem = "must be a list, not a mapping";
        }
      }
      case MAP -> {
        if (!(value instanceof Map)) {
          problem = "must be a mapping";
        }
      }
      case EXPRESSIONS -> {
        if (value instanceof Map) {
          problem = "must be an expression or a list of expressions";
        }
      }
      case ANY -> {}
    }
    if (problem == null
        && !arg.choices().isEmpty()
        && !arg.choices().contains(String.valueOf(value))) {
      problem =
          "must be one of "
              + String.join(", ", arg.choices())
              + ", got '"
              + value
              + "'"
              + Suggestions.didYouMean(String.valueOf(value), arg.choices());
    }
    if (problem != null) {
      throw new InputException(location, module + ": argument '" + arg.name() + "' " + problem);
    }
  }
}
