package io.pagetune.modules;

import io.pagetune.connection.Become;
import io.pagetune.connection.CommandResult;
import io.pagetune.connection.Connection;
import io.pagetune.connection.FileMeta;
import io.pagetune.connection.RemoteCommand;
import io.pagetune.connection.ShellQuote;
import io.pagetune.connection.TempNames;
import io.pagetune.state.ChangeKind;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * What a command's declared {@link FileEffect} replaces, read from the host just before the command
 * runs, as the journal keeps it: a removed file's content, a removed tree's archive, a link's
 * target, the mode, owner or group being set, the directories {@code mkdir -p} is about to create.
 */
final class EffectJournaling {
  private static final SecureRandom RANDOM = new SecureRandom();

  private final Connection connection;
  private final Become become;
  private final Function<RemoteCommand, CommandResult> run;

  /**
   * @param run runs a read-only helper command as the task does (become, environment, timeout)
   */
  EffectJournaling(
      Connection connection, Become become, Function<RemoteCommand, CommandResult> run) {
    this.connection = connection;
    this.become = become;
    this.run = run;
  }

  /** The changes {@code effect} is about to make, or why the path cannot be backed up. */
  sealed interface Capture {}

  /** The journal rows to write before the command runs (none: the command changes nothing). */
  record Writes(List<FileWrite> writes) implements Capture {}

  /** The path could not be read or archived: the change must not happen. */
  record Unreadable(String reason) implements Capture {}

  Capture before(FileEffect effect) {
    String path = effect.path();
    Optional<FileMeta> meta = connection.stat(path, become);
    return switch (effect.kind()) {
      case REMOVE -> meta.isEmpty() ? none() : removal(effect, meta.get());
      case MAKE_DIRECTORY -> new Writes(createdDirectories(path));
      case SET_MODE ->
          attribute(effect, meta, ChangeKind.MODE, FileMeta::modeOctal, effect.value());
      case SET_OWNER ->
          attribute(
              effect,
              meta,
              ChangeKind.OWNER,
              m -> m.owner() + ":" + m.group(),
              meta.map(m -> ownerAfter(effect.value(), m)).orElse(effect.value()));
      case SET_GROUP -> attribute(effect, meta, ChangeKind.GROUP, FileMeta::group, effect.value());
      case LINK ->
          one(
              path,
              Optional.empty(),
              meta,
              ChangeKind.LINK,
              linkTarget(meta),
              Optional.of(effect.value()));
      case UNPACK_TREE ->
          new Writes(
              List.of(
                  write(
                      path,
                      Optional.empty(),
                      Optional.empty(),
                      Optional.of(effect.put().content()),
                      ChangeKind.TREE,
                      Optional.empty(),
                      Optional.empty())));
      case WRITE -> none();
    };
  }

  private Capture removal(FileEffect effect, FileMeta meta) {
    String path = effect.path();
    switch (meta.type()) {
      case FILE:
        Optional<byte[]> content = connection.read(path, become);
        if (content.isEmpty()) {
          return new Unreadable("cannot read " + path + " to back it up before removing it");
        }
        return one(
            path,
            content,
            Optional.of(meta),
            ChangeKind.CONTENT,
            Optional.empty(),
            Optional.empty());
      case SYMLINK:
        return one(
            path,
            Optional.empty(),
            Optional.of(meta),
            ChangeKind.LINK,
            linkTarget(Optional.of(meta)),
            Optional.empty());
      default:
        if (FileEffect.UNRECOVERABLE.equals(effect.value())) {
          return one(
              path,
              Optional.empty(),
              Optional.of(meta),
              ChangeKind.TREE,
              Optional.of("not backed up (accept_unrecoverable_removal)"),
              Optional.empty());
        }
        return archive(path, meta);
    }
  }

  /** Archives the tree with tar in a private temp file beside it, reads it back, removes it. */
  private Capture archive(String path, FileMeta meta) {
    String parent = PathNames.parent(path);
    String name = PathNames.basename(path);
    String temp = new TempNames(name).next(HexFormat.of().formatHex(RANDOM.generateSeed(8)));
    String script =
        "umask 077\ncd -- "
            + ShellQuote.quote(parent)
            + " || exit 1\ntar -cf "
            + ShellQuote.quote(temp)
            + " "
            + ShellQuote.quote("./" + name);
    CommandResult r = run.apply(RemoteCommand.script(script));
    try {
      Optional<byte[]> tar =
          r.ok() ? connection.read(join(parent, temp), become) : Optional.empty();
      if (tar.isEmpty()) {
        return new Unreadable(
            "cannot archive "
                + path
                + " to back it up before removing it"
                + (r.stderr().isBlank() ? "" : ": " + r.stderr().strip()));
      }
      return one(path, tar, Optional.of(meta), ChangeKind.TREE, Optional.empty(), Optional.empty());
    } finally {
      run.apply(RemoteCommand.argv("rm", "-f", "--", join(parent, temp)));
    }
  }

  /** The directories {@code mkdir -p path} creates, outermost first. */
  private List<FileWrite> createdDirectories(String path) {
    List<String> missing = new ArrayList<>();
    for (String p = path; !p.equals("/") && !p.equals("."); p = PathNames.parent(p)) {
      if (connection.stat(p, become).isPresent()) {
        break;
      }
      missing.add(0, p);
    }
    return missing.stream()
        .map(
            p ->
                write(
                    p,
                    Optional.empty(),
                    Optional.empty(),
                    Optional.empty(),
                    ChangeKind.DIRECTORY,
                    Optional.empty(),
                    Optional.of("directory")))
        .toList();
  }

  private Capture attribute(
      FileEffect effect,
      Optional<FileMeta> meta,
      ChangeKind kind,
      Function<FileMeta, String> value,
      String after) {
    if (meta.isEmpty()) {
      return none(); // the command fails on a missing path: nothing changes
    }
    return one(
        effect.path(),
        Optional.empty(),
        meta,
        kind,
        Optional.of(value.apply(meta.get())),
        Optional.of(after));
  }

  /** {@code chown owner} keeps the group: the journal records both. */
  private static String ownerAfter(String value, FileMeta before) {
    return value.contains(":") ? value : value + ":" + before.group();
  }

  private Optional<String> linkTarget(Optional<FileMeta> meta) {
    if (meta.isEmpty() || meta.get().type() != FileMeta.Type.SYMLINK) {
      return Optional.empty();
    }
    CommandResult r = run.apply(LinkRead.command(meta.get().path()));
    return r.ok() ? LinkRead.parse(r.stdout()) : Optional.empty();
  }

  private Writes one(
      String path,
      Optional<byte[]> before,
      Optional<FileMeta> meta,
      ChangeKind kind,
      Optional<String> beforeValue,
      Optional<String> afterValue) {
    return new Writes(
        List.of(write(path, before, meta, Optional.empty(), kind, beforeValue, afterValue)));
  }

  private FileWrite write(
      String path,
      Optional<byte[]> before,
      Optional<FileMeta> meta,
      Optional<byte[]> after,
      ChangeKind kind,
      Optional<String> beforeValue,
      Optional<String> afterValue) {
    return new FileWrite(
        path, before, meta, after, Optional.empty(), become, kind, beforeValue, afterValue);
  }

  private static Writes none() {
    return new Writes(List.of());
  }

  private static String join(String dir, String name) {
    return dir.endsWith("/") ? dir + name : dir + "/" + name;
  }
}
