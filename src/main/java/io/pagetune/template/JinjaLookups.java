package io.pagetune.template;

import com.hubspot.jinjava.interpret.Context;
import com.hubspot.jinjava.interpret.JinjavaInterpreter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Ansible's lookups that read the control node: {@code env}, {@code file}, {@code vars} and {@code
 * first_found}, files searched in the template roots and their {@code files/} siblings; and those
 * that only reshape their terms ({@link ListLookups}, {@link SequenceLookup}). A lookup that runs a
 * command ({@code pipe}, {@code lines}) or reaches the network is refused: host-side text could
 * otherwise run on the control node.
 */
final class JinjaLookups {
  private final List<Path> roots;
  private final Function<String, String> env;

  JinjaLookups(List<Path> roots, Function<String, String> env) {
    this.roots = List.copyOf(roots);
    this.env = env;
  }

  /**
   * {@code lookup(name, terms…)} as ansible-core shapes it: no results stay an empty list, texts
   * are joined by commas, else one result is itself and several stay a list.
   */
  public static Object lookup(String name, Object... terms) {
    List<Object> values = query(name, terms);
    if (values.isEmpty()) {
      return values;
    }
    if (values.stream().allMatch(v -> v instanceof String || v instanceof HostText)) {
      List<String> parts = new ArrayList<>();
      values.forEach(v -> parts.add(PythonText.str(v)));
      boolean host = values.stream().anyMatch(v -> v instanceof HostText);
      String joined = String.join(",", parts);
      return host ? HostText.mark(joined) : joined;
    }
    return values.size() == 1 ? values.get(0) : values;
  }

  /** {@code query(name, terms…)}: always a list. */
  public static List<Object> query(String name, Object... terms) {
    JinjavaInterpreter interpreter = JinjavaInterpreter.getCurrent();
    Context c = interpreter.getContext();
    while (c != null && !(c instanceof JinjaContext)) {
      c = c.getParent();
    }
    if (c == null) {
      throw new IllegalArgumentException("lookup() is not available here");
    }
    List<Object> given = terms == null ? List.of() : java.util.Arrays.asList(terms);
    return ((JinjaContext) c).lookups().run(name, given, (JinjaContext) c);
  }

  private List<Object> run(String name, List<Object> given, JinjaContext vars) {
    String plugin = name.startsWith("ansible.builtin.") ? name.substring(16) : name;
    if (ListLookups.handles(plugin)) {
      return ListLookups.run(plugin, given);
    }
    if (plugin.equals("sequence")) {
      return SequenceLookup.run(given);
    }
    List<Object> terms = ListLookups.flattenOnce(given);
    List<Object> out = new ArrayList<>();
    switch (plugin) {
      case "env" -> terms.forEach(t -> out.add(orEmpty(env.apply(String.valueOf(t)))));
      case "file" -> terms.forEach(t -> out.add(read(String.valueOf(t)).stripTrailing()));
      case "vars" ->
          terms.forEach(
              t -> {
                Object v = vars.get(String.valueOf(t));
                if (v == null && !vars.containsKey(String.valueOf(t))) {
                  throw new IllegalArgumentException("No variable found with this name: " + t);
                }
                out.add(v);
              });
      case "first_found" -> out.add(firstFound(terms));
      default ->
          throw new IllegalArgumentException(
              "lookup plugin '"
                  + name
                  + "' is not available: pagetune runs env, file, vars, first_found, list, items,"
                  + " dict, indexed_items and sequence lookups;"
                  + " a lookup that runs a command or reads the network on the control node is refused");
    }
    return out;
  }

  private static String orEmpty(String s) {
    return s == null ? "" : s;
  }

  private Path find(String name) {
    Path p = Path.of(name);
    if (p.isAbsolute()) {
      return Files.isRegularFile(p) ? p : null;
    }
    for (Path root : roots) {
      for (Path dir : List.of(root.resolveSibling("files"), root.resolve("files"), root)) {
        Path f = dir.resolve(name).normalize();
        if (Files.isRegularFile(f)) {
          return f;
        }
      }
    }
    return null;
  }

  private String read(String name) {
    Path f = find(name);
    if (f == null) {
      throw new IllegalArgumentException("could not locate file in lookup: " + name);
    }
    try {
      return Files.readString(f, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new IllegalArgumentException("cannot read file in lookup: " + name, e);
    }
  }

  private Object firstFound(List<Object> terms) {
    List<Object> names = new ArrayList<>();
    for (Object t : terms) {
      if (t instanceof Map<?, ?> m && m.get("files") instanceof List<?> files) {
        names.addAll(files);
      } else {
        names.add(t);
      }
    }
    for (Object n : names) {
      Path f = find(String.valueOf(n));
      if (f != null) {
        return f.toString();
      }
    }
    throw new IllegalArgumentException(
        "No file was found when using first_found: " + PythonText.repr(names));
  }
}
