package io.pagetune.modules.builtin;

import io.pagetune.modules.Arg;
import io.pagetune.modules.ArgSpec;
import io.pagetune.modules.ArgType;
import io.pagetune.modules.Args;
import io.pagetune.modules.HostState;
import io.pagetune.modules.Module;
import io.pagetune.modules.ModuleCall;
import io.pagetune.modules.Plan;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code include_vars}: reads a vars file (or a directory of them) on the control node and returns
 * its variables as {@code ansible_facts}, with the files read as {@code
 * ansible_included_var_files}, as ansible-core 2.14 does; the executor keeps them at include_vars'
 * precedence (above task vars, below set_fact). Never changes the host. Where the files are looked
 * for: {@link IncludeVarsFiles}, whose directories the loader records in an internal argument.
 */
public final class IncludeVarsModule implements Module {
  private static final List<String> DIR_ARGS =
      List.of("dir", "depth", "files_matching", "ignore_files");

  private static final ArgSpec SPEC =
      ArgSpec.of(
              Arg.optional("file", ArgType.STRING)
                  .describe(
                      "The vars file: under the role's or playbook's vars/, or beside the task."),
              Arg.optional("name", ArgType.STRING)
                  .describe("Put the variables under this one variable instead."),
              Arg.optional("dir", ArgType.STRING)
                  .describe("Read every .yml, .yaml and .json file of this directory."),
              Arg.optional("depth", ArgType.INT).describe("How many directories to read (0: all)."),
              Arg.optional("files_matching", ArgType.STRING)
                  .describe("Only the files whose name this regular expression finds."),
              Arg.optional("ignore_files", ArgType.ANY)
                  .describe("File names (regular expressions) to leave out."),
              Arg.optional(IncludeVarsFiles.ARG, ArgType.MAP)
                  .describe("Internal: where the task was written (set by pagetune)."))
          .withFreeForm("file")
          .documented(
              "Reads variables from a YAML or JSON file on the control node.",
              "- name: the sizes of this site\n  include_vars:\n    file: \"sizes/${site}.yml\"\n"
                  + "    name: sizes\n");

  @Override
  public String name() {
    return "include_vars";
  }

  @Override
  public ArgSpec spec() {
    return SPEC;
  }

  @Override
  public void validate(Args args) {
    boolean dir = DIR_ARGS.stream().anyMatch(args::has);
    if (dir && args.has("file")) {
      // ansible-core: "You are mixing file only and dir only arguments, these are incompatible"
      throw args.error("file", "and dir arguments are mutually exclusive");
    }
    if (!dir && !args.has("file")) {
      throw args.error("file", "or 'dir' is required");
    }
    if (dir && !args.has("dir")) {
      throw args.error("dir", "is required with depth, files_matching and ignore_files");
    }
  }

  @Override
  @SuppressWarnings("unchecked")
  public Plan plan(ModuleCall call, HostState host) {
    Args args = call.args();
    IncludeVarsFiles from =
        args.has(IncludeVarsFiles.ARG)
            ? IncludeVarsFiles.ofArg(args.map(IncludeVarsFiles.ARG))
            : new IncludeVarsFiles(null, Path.of(""), Path.of(""));
    Map<String, Object> vars = new LinkedHashMap<>();
    List<String> read = new ArrayList<>();
    Optional<String> failure =
        args.has("dir")
            ? readDir(call, args, from, vars, read)
            : readFile(call, args, from, vars, read);
    if (failure.isPresent()) {
      Map<String, Object> data = new LinkedHashMap<>();
      data.put("ansible_facts", Map.of());
      data.put("ansible_included_var_files", List.of());
      data.put("message", failure.get());
      return new Plan(List.of(), List.of(), null, data, failure);
    }
    Map<String, Object> facts = vars;
    if (args.has("name")) {
      facts = new LinkedHashMap<>();
      facts.put(args.string("name"), Collections.unmodifiableMap(vars));
    }
    Map<String, Object> data = new LinkedHashMap<>();
    // LinkedHashMap rather than Map.copyOf: a variable may be null (YAML ~)
    data.put("ansible_facts", Collections.unmodifiableMap(facts));
    data.put("ansible_included_var_files", List.copyOf(read));
    return new Plan(List.of(), List.of(), null, data, Optional.empty());
  }

  private static Optional<String> readFile(
      ModuleCall call,
      Args args,
      IncludeVarsFiles from,
      Map<String, Object> vars,
      List<String> read) {
    String name = args.string("file").stripTrailing();
    Optional<Path> file = from.find(name);
    if (file.isEmpty()) {
      return Optional.of(
          "Could not find or access '"
              + name
              + "' on the control node (looked for "
              + String.join(", ", from.candidates(name).stream().map(Path::toString).toList())
              + ")");
    }
    return load(call, file.get(), vars, read);
  }

  private static Optional<String> readDir(
      ModuleCall call,
      Args args,
      IncludeVarsFiles from,
      Map<String, Object> vars,
      List<String> read) {
    Path root = from.dirRoot(args.string("dir"));
    if (!java.nio.file.Files.exists(root)) {
      return Optional.of(root + " directory does not exist");
    }
    if (!java.nio.file.Files.isDirectory(root)) {
      return Optional.of(root + " is not a directory");
    }
    int depth = args.has("depth") ? (int) args.integer("depth") : 0;
    String matching = args.has("files_matching") ? args.string("files_matching") : null;
    for (Path file : IncludeVarsFiles.inDir(root, depth, matching, ignored(args))) {
      if (!IncludeVarsFiles.validExtension(file)) {
        return Optional.of(
            file
                + " does not have a valid extension: "
                + String.join(", ", IncludeVarsFiles.EXTENSIONS));
      }
      Optional<String> failure = load(call, file, vars, read);
      if (failure.isPresent()) {
        return failure;
      }
    }
    return Optional.empty();
  }

  private static List<String> ignored(Args args) {
    try {
      return IncludeVarsFiles.ignoreList(
          args.has("ignore_files") ? args.raw("ignore_files") : null);
    } catch (IllegalArgumentException e) {
      throw args.error("ignore_files", e.getMessage());
    }
  }

  @SuppressWarnings("unchecked")
  private static Optional<String> load(
      ModuleCall call, Path file, Map<String, Object> vars, List<String> read) {
    Object value = call.services().readVarsFile(file);
    if (value != null && !(value instanceof Map)) {
      return Optional.of(file + " must be stored as a dictionary/hash");
    }
    if (value != null) {
      vars.putAll((Map<String, Object>) value);
    }
    read.add(file.toString());
    return Optional.empty();
  }
}
