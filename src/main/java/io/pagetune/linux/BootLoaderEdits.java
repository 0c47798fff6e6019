package io.pagetune.linux;

import io.pagetune.linux.sysctl.ConfFile;
import io.pagetune.linux.sysctl.FileEdit;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Kernel command-line parameters set as ordinary file writes (predicted by check mode, journaled,
 * rolled back) instead of by running grubby: in each file the distribution keeps the command line
 * in, as far as it exists. For the next boot: every BLS entry's {@code options} line (what {@code
 * grubby --update-kernel=ALL} edits; {@code $kernelopts} is grubenv's {@code kernelopts}), or on a
 * host without BLS entries the {@code linux} lines of the generated {@code grub.cfg}. For the next
 * kernel install: {@code GRUB_CMDLINE_LINUX} in {@code /etc/default/grub} (grub2-mkconfig, and
 * grubby's new entries on some releases), {@code /etc/kernel/cmdline} (kernel-install) and
 * grubenv's {@code kernelopts} (RHEL 8 entries). Parameters go after a {@code $tuned_params} in an
 * options line, so the value pagetune sets is the last one the kernel sees.
 */
public final class BootLoaderEdits {
  private static final Pattern GRUB_LINUX = Pattern.compile("^(\\s*linux(?:16|efi)?\\s+\\S+)(.*)$");
  private static final Pattern BLS_OPTIONS = Pattern.compile("^(\\s*options\\s+)(.*)$");
  private static final int GRUBENV_SIZE = 1024;

  private BootLoaderEdits() {}

  /** The edits, and what could not be made (a full grubenv block): never a guessed write. */
  public record Result(List<FileEdit> edits, List<String> notes, Optional<String> refusal) {
    public Result {
      edits = List.copyOf(edits);
      notes = List.copyOf(notes);
    }
  }

  /**
   * Why nothing can be written on a host without a boot-loader configuration, naming {@code params}
   * to set by hand; empty when it has one.
   */
  public static Optional<String> unconfigured(LinuxBootConfig boot, String params) {
    if (boot.defaultGrub().isPresent() || !boot.blsEntries().isEmpty()) {
      return Optional.empty();
    }
    return Optional.of(
        "no boot loader configuration found ("
            + LinuxBootConfig.DEFAULT_GRUB
            + ", "
            + LinuxBootConfig.BLS_DIR
            + "): set "
            + params
            + " on the kernel command line by hand");
  }

  /** {@code params} ({@code name=value}) set, and every word named in {@code drop} removed. */
  public static Result plan(LinuxBootConfig boot, List<String> params, List<String> drop) {
    return plan(boot, CmdlineEdit.params(params, drop));
  }

  /** {@code edit} made in every file that keeps the command line, as far as it exists. */
  public static Result plan(LinuxBootConfig boot, CmdlineEdit edit) {
    List<FileEdit> edits = new ArrayList<>();
    List<String> notes = new ArrayList<>();
    boot.defaultGrub()
        .ifPresent(
            g ->
                add(
                    edits,
                    g,
                    BootCmdline.withGrubCmdline(g.text(), edit),
                    "kernel command line of new kernels (GRUB_CMDLINE_LINUX)"));
    boot.kernelCmdline()
        .ifPresent(
            k ->
                add(
                    edits,
                    k,
                    String.join(" ", edit.apply(words(k.text().strip()))) + "\n",
                    "kernel command line of new kernels (kernel-install)"));
    boolean kernelopts = false;
    for (ConfFile e : boot.blsEntries()) {
      kernelopts |= e.text().contains("$kernelopts");
      add(edits, e, withOptions(e.text(), edit), "boot entry options");
    }
    if (kernelopts || boot.grubenv().flatMap(BootLoaderEdits::kernelopts).isPresent()) {
      Optional<ConfFile> env = boot.grubenv();
      Optional<String> now = env.flatMap(BootLoaderEdits::kernelopts);
      if (now.isEmpty()) {
        return new Result(
            List.of(),
            notes,
            Optional.of(
                "a boot entry takes $kernelopts from grubenv, and no grubenv with kernelopts was"
                    + " found in "
                    + String.join(", ", LinuxBootConfig.GRUBENV)));
      }
      String opts = String.join(" ", edit.apply(words(now.get())));
      Optional<String> block = withGrubenv(env.get().text(), "kernelopts", opts);
      if (block.isEmpty()) {
        return new Result(
            List.of(),
            notes,
            Optional.of(env.get().path() + " has no room for kernelopts=" + opts));
      }
      add(edits, env.get(), block.get(), "kernelopts of the boot entries");
    }
    if (boot.blsEntries().isEmpty()) {
      boot.grubCfg()
          .ifPresent(c -> add(edits, c, withLinuxLines(c.text(), edit), "generated grub menu"));
    }
    if (!boot.blsEntries().isEmpty() && boot.kernelCmdline().isEmpty()) {
      notes.add(
          "no "
              + LinuxBootConfig.KERNEL_CMDLINE
              + ": a kernel installed before the next boot takes the running command line");
    }
    return new Result(edits, notes, stillOverridden(boot, edits, edit));
  }

  /** Why the written boot configuration would still not give {@code edit}, if it would not. */
  static Optional<String> stillOverridden(
      LinuxBootConfig boot, List<FileEdit> edits, CmdlineEdit edit) {
    LinuxBootConfig written = BootLoaderEdits.written(boot, edits);
    for (KernelCmdline line : BootCmdline.nextBoot(written)) {
      if (!edit.isIn(line)) {
        String tuned =
            boot.tunedProfile()
                .flatMap(t -> t.bootloaderCmdline())
                .map(a -> " (the tuned profile's cmdline at " + a.where() + ": " + a.value() + ")")
                .orElse("");
        return Optional.of(
            "after writing the boot configuration the next boot would still run with "
                + edit.found(line)
                + tuned
                + ", not "
                + edit.wanted());
      }
    }
    return Optional.empty();
  }

  /** The boot configuration as it reads after the edits are written: what check mode predicts. */
  public static LinuxBootConfig written(LinuxBootConfig boot, List<FileEdit> edits) {
    java.util.function.UnaryOperator<ConfFile> after =
        f ->
            edits.stream()
                .filter(e -> e.path().equals(f.path()))
                .map(e -> f.withText(e.after()))
                .reduce((a, b) -> b)
                .orElse(f);
    return new LinuxBootConfig(
        boot.sysctlBoot(),
        boot.limits(),
        boot.procCmdline(),
        boot.defaultGrub().map(after),
        boot.blsEntries().stream().map(after).toList(),
        boot.kernelCmdline().map(after),
        boot.grubenv().map(after),
        boot.grubCfg().map(after),
        boot.liveShmGroup());
  }

  private static void add(List<FileEdit> edits, ConfFile f, String after, String why) {
    if (!after.equals(f.text())) {
      edits.add(new FileEdit(f.path(), f.text(), after, why));
    }
  }

  static List<String> words(String line) {
    return line.isBlank() ? List.of() : List.of(line.strip().split("\\s+"));
  }

  /** The words without any named in {@code params} or {@code drop}, then {@code params}. */
  static List<String> withParams(List<String> words, List<String> params, List<String> drop) {
    List<String> names = new ArrayList<>(drop);
    params.forEach(p -> names.add(p.substring(0, p.indexOf('='))));
    List<String> out = new ArrayList<>(words);
    out.removeIf(w -> names.contains(w.contains("=") ? w.substring(0, w.indexOf('=')) : w));
    out.addAll(params);
    return out;
  }

  /** A BLS entry with its own options edited; an entry that defers to $kernelopts is left. */
  static String withOptions(String text, CmdlineEdit edit) {
    String[] lines = text.split("\n", -1);
    for (int i = 0; i < lines.length; i++) {
      Matcher m = BLS_OPTIONS.matcher(lines[i]);
      if (m.matches() && !m.group(2).contains("$kernelopts")) {
        lines[i] = m.group(1) + String.join(" ", edit.apply(words(m.group(2))));
      }
    }
    return String.join("\n", lines);
  }

  /** grub.cfg with the words after the kernel image of every {@code linux} line edited. */
  static String withLinuxLines(String text, CmdlineEdit edit) {
    String[] lines = text.split("\n", -1);
    for (int i = 0; i < lines.length; i++) {
      Matcher m = GRUB_LINUX.matcher(lines[i]);
      if (m.matches()) {
        lines[i] = m.group(1) + " " + String.join(" ", edit.apply(words(m.group(2))));
      }
    }
    return String.join("\n", lines);
  }

  /** grubenv's value of {@code kernelopts}, when set. */
  static Optional<String> kernelopts(ConfFile grubenv) {
    for (String line : grubenv.text().split("\n")) {
      if (line.startsWith("kernelopts=")) {
        return Optional.of(line.substring("kernelopts=".length()));
      }
    }
    return Optional.empty();
  }

  /**
   * The environment block with {@code name=value} set, padded with {@code #} to its 1024 bytes as
   * grub-editenv keeps it; empty when it does not fit.
   */
  static Optional<String> withGrubenv(String block, String name, String value) {
    StringBuilder out = new StringBuilder();
    boolean set = false;
    for (String line : block.split("\n")) {
      if (line.startsWith("#") && !line.startsWith("# GRUB")) {
        continue; // padding
      }
      if (line.startsWith(name + "=")) {
        line = name + "=" + value;
        set = true;
      }
      out.append(line).append('\n');
    }
    if (!set) {
      out.append(name).append('=').append(value).append('\n');
    }
    if (out.length() > GRUBENV_SIZE) {
      return Optional.empty();
    }
    return Optional.of(out + "#".repeat(GRUBENV_SIZE - out.length()));
  }
}
