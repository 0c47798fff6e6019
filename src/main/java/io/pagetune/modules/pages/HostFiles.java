package io.pagetune.modules.pages;

import io.pagetune.connection.FileMeta;
import io.pagetune.modules.HostState;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Optional;

/** Reading a text file of the host for an in-place edit: absent, not a file, not text, or text. */
public final class HostFiles {
  private HostFiles() {}

  /** The file's text, or why it cannot be edited in place. */
  public record Text(Optional<String> text, Optional<String> problem) {
    static Text ok(String t) {
      return new Text(Optional.of(t), Optional.empty());
    }

    static Text problem(String p) {
      return new Text(Optional.empty(), Optional.of(p));
    }
  }

  public static Text read(HostState host, String path) {
    Optional<FileMeta> meta = host.stat(path);
    if (meta.isEmpty()) {
      return Text.problem(path + " does not exist");
    }
    if (meta.get().type() != FileMeta.Type.FILE) {
      return Text.problem(path + " is not a regular file (" + meta.get().type() + ")");
    }
    host.fileSizeLimit().check(meta.get());
    Optional<byte[]> bytes = host.read(path);
    if (bytes.isEmpty()) {
      return Text.problem(path + " vanished while reading it");
    }
    try {
      String s =
          StandardCharsets.UTF_8
              .newDecoder()
              .onMalformedInput(CodingErrorAction.REPORT)
              .onUnmappableCharacter(CodingErrorAction.REPORT)
              .decode(ByteBuffer.wrap(bytes.get()))
              .toString();
      return s.indexOf('\0') >= 0 ? Text.problem(path + " is not text") : Text.ok(s);
    } catch (CharacterCodingException e) {
      return Text.problem(path + " is not UTF-8 text");
    }
  }

  /** The text of an optional file: empty text when it does not exist. */
  public static Text readOrEmpty(HostState host, String path) {
    return host.stat(path).isEmpty() ? Text.ok("") : read(host, path);
  }
}
