package io.pagetune.modules.builtin;

import io.pagetune.connection.FileMeta;
import io.pagetune.modules.HostState;
import io.pagetune.modules.PathNames;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/**
 * A path on the host as planning found it: its metadata and, for a regular file, its bytes.
 *
 * @param parentMissing the path does not exist and its parent is missing or not a directory (a
 *     symlink parent is trusted to lead to one: stat does not follow it)
 */
record CurrentFile(
    String path, Optional<FileMeta> meta, Optional<byte[]> content, boolean parentMissing) {

  static CurrentFile read(HostState host, String path) {
    Optional<FileMeta> meta = host.stat(path);
    meta.ifPresent(host.fileSizeLimit()::check);
    Optional<byte[]> content =
        meta.isPresent() && meta.get().type() == FileMeta.Type.FILE
            ? host.read(path)
            : Optional.empty();
    boolean parentMissing =
        meta.isEmpty()
            && host.stat(parent(path))
                .map(m -> m.type() == FileMeta.Type.FILE || m.type() == FileMeta.Type.OTHER)
                .orElse(true);
    return new CurrentFile(path, meta, content, parentMissing);
  }

  static String parent(String path) {
    return PathNames.parent(path);
  }

  static String basename(String path) {
    return PathNames.basename(path);
  }

  boolean exists() {
    return meta.isPresent();
  }

  boolean isDirectory() {
    return meta.isPresent() && meta.get().type() == FileMeta.Type.DIRECTORY;
  }

  /**
   * Why a whole-file write cannot replace this path, or empty when it is a regular file or absent.
   * A symlink is refused rather than replaced by a file: the link would silently disappear.
   */
  Optional<String> notAFile() {
    if (parentMissing) {
      return Optional.of("directory " + parent(path) + " of " + path + " does not exist");
    }
    if (meta.isEmpty() || meta.get().type() == FileMeta.Type.FILE) {
      return Optional.empty();
    }
    switch (meta.get().type()) {
      case SYMLINK:
        return Optional.of(path + " is a symlink; give the path of the file it points to");
      case DIRECTORY:
        return Optional.of(path + " is a directory");
      default:
        return Optional.of(path + " is not a regular file");
    }
  }

  /** The content as text, or empty if absent or not valid UTF-8. */
  Optional<String> text() {
    return content.flatMap(CurrentFile::decode);
  }

  /** Strict UTF-8 (a lenient decode would corrupt bytes when the edited text is written back). */
  static Optional<String> decode(byte[] bytes) {
    try {
      String s =
          StandardCharsets.UTF_8
              .newDecoder()
              .onMalformedInput(CodingErrorAction.REPORT)
              .onUnmappableCharacter(CodingErrorAction.REPORT)
              .decode(ByteBuffer.wrap(bytes))
              .toString();
      return s.indexOf('\0') >= 0 ? Optional.empty() : Optional.of(s);
    } catch (CharacterCodingException e) {
      return Optional.empty();
    }
  }
}
