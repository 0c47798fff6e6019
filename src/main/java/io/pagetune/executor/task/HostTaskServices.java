package io.pagetune.executor.task;

import io.pagetune.error.InputException;
import io.pagetune.error.SourceLocation;
import io.pagetune.modules.FileSizeLimit;
import io.pagetune.modules.TaskServices;
import io.pagetune.playbook.RoleScope;
import io.pagetune.template.HostText;
import io.pagetune.template.TemplateEngine;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/** {@link TaskServices} for one task on one host: templates and files resolve from the play. */
final class HostTaskServices implements TaskServices {
  /** Ansible's default {@code ansible_managed} (its DEFAULT_MANAGED_STR), set in templates only. */
  static final String ANSIBLE_MANAGED = "Ansible managed";

  private final TemplateEngine templates;
  private final Map<String, Object> vars;
  private final Path playDir;
  private final SourceLocation at;
  private final String what;
  private final RoleFiles role;
  private final VarsFileReader varsFiles;

  HostTaskServices(
      TemplateEngine templates,
      Map<String, Object> vars,
      Path playDir,
      SourceLocation at,
      String what) {
    this(templates, vars, playDir, at, what, null, null);
  }

  /**
   * @param role the task's role, whose {@code templates/} and {@code files/} are looked in first,
   *     or null
   * @param varsFiles reads the vars files of {@code include_vars}, or null where none are read
   */
  HostTaskServices(
      TemplateEngine templates,
      Map<String, Object> vars,
      Path playDir,
      SourceLocation at,
      String what,
      RoleScope role,
      VarsFileReader varsFiles) {
    this.varsFiles = varsFiles;
    this.templates = templates;
    this.vars = vars;
    this.playDir = playDir;
    this.at = at;
    this.what = what;
    this.role = new RoleFiles(role);
  }

  @Override
  public String renderTemplate(String src) {
    return renderTemplate(src, Map.of());
  }

  @Override
  public String renderTemplate(String src, Map<String, Object> extra) {
    Map<String, Object> merged = new java.util.LinkedHashMap<>(vars);
    // values a module computed from what it read on the host: data for the template, not text
    merged.putAll(HostText.markAll(extra));
    // as Ansible's template vars, above the user's: its default, unconfigured string
    merged.put("ansible_managed", ANSIBLE_MANAGED);
    java.util.Optional<Path> own = role.template(src);
    if (own.isPresent()) {
      return templates.renderFile(own.get(), role.label(own.get()), merged, at, what);
    }
    return templates.renderFile(src, merged, at, what);
  }

  @Override
  public byte[] readLocalFile(String src) {
    List<Path> candidates = new java.util.ArrayList<>(role.fileCandidates(src));
    candidates.addAll(
        List.of(playDir.resolve("files").resolve(src), playDir.resolve(src), Path.of(src)));
    for (Path candidate : candidates) {
      if (Files.isRegularFile(candidate)) {
        try {
          long size = Files.size(candidate);
          long limit = FileSizeLimit.of(vars.get(FileSizeLimit.VARIABLE), at, what).maxBytes();
          if (size > limit) {
            throw new InputException(
                at,
                what
                    + ": source file "
                    + src
                    + " is "
                    + size
                    + " bytes, over the limit of "
                    + limit
                    + " bytes (set "
                    + FileSizeLimit.VARIABLE
                    + " to raise it)");
          }
          byte[] content = Files.readAllBytes(candidate);
          templates.reads().read(candidate, content);
          return io.pagetune.vault.VaultFiles.plain(content, candidate, templates.vault());
        } catch (IOException e) {
          throw new InputException(at, what + ": cannot read " + src + ": " + e.getMessage());
        }
      }
    }
    throw new InputException(at, what + ": source file '" + src + "' not found");
  }

  @Override
  public Object readVarsFile(Path file) {
    if (varsFiles == null) {
      return TaskServices.super.readVarsFile(file);
    }
    return varsFiles.read(file);
  }

  @Override
  public boolean test(String expression) {
    return templates.test(expression, vars, at, what);
  }

  @Override
  public String interpolate(String text) {
    return String.valueOf(templates.interpolate(text, vars, at, what));
  }

  @Override
  public Object value(String expression) {
    return HostText.plain(templates.evaluate(expression, vars, at, what));
  }

  @Override
  public SourceLocation location() {
    return at;
  }
}
