package io.pagetune.cli;

import io.pagetune.connection.ChildProcesses;
import io.pagetune.error.InputException;
import io.pagetune.error.SourceLocation;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * Lets {@code $EDITOR} change a vault's plaintext: in a file only the user can read, in a directory
 * only the user can enter (where editors also put their swap and backup files), all overwritten and
 * removed once the editor exits, whether it succeeded or not.
 */
final class VaultEditor {
  private final List<String> editor;

  /** {@code $EDITOR} split into words (no shell: the file name is one argument), else vi. */
  VaultEditor(String editorVariable) {
    String e = editorVariable == null || editorVariable.isBlank() ? "vi" : editorVariable.strip();
    this.editor = List.of(e.split("\\s+"));
  }

  /**
   * The text after the editor has exited.
   *
   * @param file the vault file, named in messages and in the temporary file's name
   */
  byte[] edit(byte[] plaintext, Path file) {
    SourceLocation at = SourceLocation.of(file.toString());
    Path dir = null;
    try {
      dir =
          Files.createTempDirectory(
              "pagetune-vault-",
              PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rwx------")));
      Path text =
          Files.createFile(
              dir.resolve(file.getFileName().toString()),
              PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
      Files.write(text, plaintext);
      List<String> argv = new ArrayList<>(editor);
      argv.add(text.toString());
      int exit = ChildProcesses.builder(argv).inheritIO().start().waitFor();
      if (exit != 0) {
        throw new InputException(
            at, "the editor (" + editor.get(0) + ") exited " + exit + "; the vault is unchanged");
      }
      return Files.readAllBytes(text);
    } catch (IOException e) {
      throw new InputException(
          at, "cannot run the editor " + editor.get(0) + ": " + e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InputException(at, "interrupted while the editor ran; the vault is unchanged");
    } finally {
      if (dir != null) {
        wipe(dir);
      }
    }
  }

  /** Overwrites every file under the directory with zeros, then removes them and it. */
  static void wipe(Path dir) {
    try (Stream<Path> all = Files.walk(dir)) {
      for (Path p : all.sorted(Comparator.reverseOrder()).toList()) {
        if (Files.isRegularFile(p, java.nio.file.LinkOption.NOFOLLOW_LINKS)) {
          byte[] zeros = new byte[(int) Math.min(Files.size(p), Integer.MAX_VALUE - 8)];
          Arrays.fill(zeros, (byte) 0);
          Files.write(p, zeros);
        }
        Files.deleteIfExists(p);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("could not remove the vault's temporary copy in " + dir, e);
    }
  }
}
