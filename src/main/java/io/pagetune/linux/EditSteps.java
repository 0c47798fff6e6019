package io.pagetune.linux;

import io.pagetune.connection.RemoteCommand;
import io.pagetune.linux.sysctl.FileEdit;
import io.pagetune.modules.FileDiff;
import io.pagetune.modules.HostState;
import io.pagetune.modules.Step;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * Planned file edits as the steps that write them and the diffs check mode shows: each file is
 * written whole (journaled, backed up, rolled back like any write); pagetune's own files and new
 * files get mode 0644, an existing file of the host keeps its mode. systemd drop-ins get their
 * directory first and a {@code daemon-reload} after, since systemd reads a changed drop-in only
 * after a reload.
 *
 * @param steps the writes, in order
 * @param diffs each file's text before and after
 */
public record EditSteps(List<Step> steps, List<FileDiff> diffs) {
  public EditSteps {
    steps = List.copyOf(steps);
    diffs = List.copyOf(diffs);
  }

  /**
   * @param edits configuration files (sysctl, limits, boot loader)
   * @param unitEdits systemd drop-ins, written after {@code edits}
   * @param own pagetune's own files among them
   * @param backup whether an existing file is backed up before it is written
   */
  public static EditSteps of(
      HostState host,
      List<FileEdit> edits,
      List<FileEdit> unitEdits,
      Set<String> own,
      boolean backup) {
    List<Step> steps = new ArrayList<>();
    List<FileDiff> diffs = new ArrayList<>();
    Set<String> dropInDirs = new TreeSet<>();
    unitEdits.forEach(e -> dropInDirs.add(e.path().substring(0, e.path().lastIndexOf('/'))));
    for (String dir : dropInDirs) {
      if (host.stat(dir).isEmpty()) {
        steps.add(
            Step.Exec.of(RemoteCommand.argv("mkdir", "-p", "--", dir), "create directory " + dir));
      }
    }
    List<FileEdit> all = new ArrayList<>(edits);
    all.addAll(unitEdits);
    for (FileEdit e : all) {
      boolean mine = own.contains(e.path()) || e.before().isEmpty();
      steps.add(
          new Step.Put(
              e.path(),
              e.after().getBytes(StandardCharsets.UTF_8),
              mine ? Integer.valueOf(0644) : null,
              null,
              null,
              backup && host.stat(e.path()).isPresent()));
      diffs.add(new FileDiff(e.path(), e.before(), e.after()));
    }
    if (!unitEdits.isEmpty()) {
      steps.add(
          Step.Exec.of(
              RemoteCommand.argv("systemctl", "daemon-reload"),
              "reload systemd's unit files (LimitMEMLOCK)"));
    }
    return new EditSteps(steps, diffs);
  }
}
