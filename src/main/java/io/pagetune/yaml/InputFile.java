package io.pagetune.yaml;

import io.pagetune.error.InputException;
import io.pagetune.error.SourceLocation;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * Reads a file the user named (playbook, inventory, vars file) as UTF-8 text, never more than a
 * limit: the bytes are counted while they are read, because a device or a pipe ({@code /dev/zero},
 * a FIFO) reports a size of 0 and never ends, and would otherwise fill the heap.
 */
public final class InputFile {
  private InputFile() {}

  /**
   * The file's text.
   *
   * @param what what the file is, for the message ("YAML", "an inventory")
   * @throws InputException naming {@code label} when the file is missing, unreadable, larger than
   *     {@code maxBytes} or not UTF-8
   */
  public static String read(Path file, long maxBytes, String label, String what) {
    SourceLocation at = SourceLocation.of(label);
    byte[] bytes;
    try (InputStream in = Files.newInputStream(file)) {
      bytes = in.readNBytes((int) Math.min(Integer.MAX_VALUE - 8, maxBytes + 1));
    } catch (NoSuchFileException e) {
      throw new InputException(at, "file not found");
    } catch (IOException e) {
      throw new InputException(at, "cannot read file: " + e.getMessage());
    }
    if (bytes.length > maxBytes) {
      throw new InputException(at, "refusing " + what + " larger than " + maxBytes + " bytes");
    }
    try {
      return StandardCharsets.UTF_8
          .newDecoder()
          .onMalformedInput(CodingErrorAction.REPORT)
          .onUnmappableCharacter(CodingErrorAction.REPORT)
          .decode(ByteBuffer.wrap(bytes))
          .toString();
    } catch (CharacterCodingException e) {
      throw new InputException(at, "file is not valid UTF-8");
    }
  }
}
