package io.pagetune.vault;

import io.pagetune.connection.ChildProcesses;
import io.pagetune.error.InputException;
import io.pagetune.error.SourceLocation;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Reads the vault passwords of {@code --vault-id label@source} values as Ansible does: {@code
 * prompt} asks on the terminal; an executable file is run (no arguments, pagetune's secret
 * variables removed) and its stdout less line ends is the password; any other file's content less
 * surrounding white space is. A password file that is itself vault-encrypted is decrypted with the
 * passwords read before it. An empty password, a missing file or a failing script is an error
 * naming the source.
 */
public final class VaultPasswords {
  /** A script that has not answered in this time is stuck (waiting on a terminal, say). */
  private static final long SCRIPT_SECONDS = 60;

  /** The terminal: empty when there is none to ask on. */
  @FunctionalInterface
  public interface Prompt {
    Optional<char[]> read(String prompt);
  }

  private VaultPasswords() {}

  /**
   * @param ids {@code label@source} or {@code source} (label {@code default}) values in the order
   *     they are tried
   * @param option the option named in errors ({@code --vault-id})
   */
  public static List<VaultSecret> load(List<String> ids, Prompt prompt, String option) {
    return load(ids, prompt, option, false);
  }

  /**
   * The passwords to encrypt with: as {@link #load}, but one typed on the terminal is asked twice
   * and both must match, as ansible-vault does (a typo would lock the file under a password nobody
   * knows).
   */
  public static List<VaultSecret> loadNew(List<String> ids, Prompt prompt, String option) {
    return load(ids, prompt, option, true);
  }

  private static List<VaultSecret> load(
      List<String> ids, Prompt prompt, String option, boolean confirm) {
    List<VaultSecret> out = new ArrayList<>();
    for (String id : ids) {
      int at = id.indexOf('@');
      String label = at < 0 ? VaultSecret.DEFAULT_LABEL : id.substring(0, at);
      String source = at < 0 ? id : id.substring(at + 1);
      if (label.isEmpty() || source.isEmpty()) {
        throw new InputException(
            SourceLocation.of(option), "'" + id + "' is not a vault id (LABEL@SOURCE)");
      }
      byte[] password =
          source.equals("prompt")
              ? (confirm ? confirmed(label, prompt, option) : prompted(label, prompt, option))
              : fromFile(Path.of(source), new Vault(out));
      out.add(new VaultSecret(label, password, source));
    }
    return out;
  }

  private static byte[] prompted(String label, Prompt prompt, String option) {
    return typed(prompt, "Vault password", label, option);
  }

  private static byte[] confirmed(String label, Prompt prompt, String option) {
    byte[] first = typed(prompt, "New Vault password", label, option);
    byte[] again = typed(prompt, "Confirm New Vault password", label, option);
    boolean same = Arrays.equals(first, again);
    Arrays.fill(again, (byte) 0);
    if (!same) {
      Arrays.fill(first, (byte) 0);
      throw new InputException(SourceLocation.of(option), "the vault passwords typed do not match");
    }
    return first;
  }

  private static byte[] typed(Prompt prompt, String what, String label, String option) {
    String text =
        label.equals(VaultSecret.DEFAULT_LABEL) ? what + ": " : what + " (" + label + "): ";
    char[] typed =
        prompt
            .read(text)
            .orElseThrow(
                () ->
                    new InputException(
                        SourceLocation.of(option),
                        "no terminal to ask the vault password on; give a password file or"
                            + " script instead"));
    byte[] password = new String(typed).getBytes(StandardCharsets.UTF_8);
    Arrays.fill(typed, '\0');
    if (password.length == 0) {
      throw new InputException(SourceLocation.of(option), "the vault password typed is empty");
    }
    return password;
  }

  private static byte[] fromFile(Path file, Vault earlier) {
    SourceLocation at = SourceLocation.of(file.toString());
    if (!Files.isRegularFile(file)) {
      throw new InputException(at, "vault password file not found");
    }
    byte[] password;
    if (Files.isExecutable(file)) {
      password = strip(run(file, at), "\r\n");
    } else {
      try {
        password = strip(Files.readAllBytes(file), " \t\r\n\f\u000b");
      } catch (IOException e) {
        throw new InputException(at, "cannot read the vault password file: " + e.getMessage());
      }
      String text = new String(password, StandardCharsets.UTF_8);
      if (VaultEnvelope.isVault(text)) {
        password = strip(earlier.decrypt(text, at), "\r\n");
      }
    }
    if (password.length == 0) {
      throw new InputException(at, "the vault password file gives an empty password");
    }
    return password;
  }

  private static byte[] run(Path script, SourceLocation at) {
    try {
      Process p =
          ChildProcesses.builder(List.of(script.toAbsolutePath().toString()))
              .redirectInput(ProcessBuilder.Redirect.from(new java.io.File("/dev/null")))
              .start();
      CompletableFuture<byte[]> err =
          CompletableFuture.supplyAsync(() -> drain(p.getErrorStream()));
      byte[] out = p.getInputStream().readAllBytes();
      if (!p.waitFor(SCRIPT_SECONDS, TimeUnit.SECONDS)) {
        p.destroyForcibly();
        throw new InputException(
            at, "the vault password script did not finish in " + SCRIPT_SECONDS + " s");
      }
      if (p.exitValue() != 0) {
        String why =
            new String(err.join(), StandardCharsets.UTF_8).strip().lines().findFirst().orElse("");
        throw new InputException(
            at,
            "the vault password script exited "
                + p.exitValue()
                + (why.isEmpty() ? "" : ": " + why));
      }
      return out;
    } catch (IOException e) {
      throw new InputException(at, "cannot run the vault password script: " + e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new InputException(at, "interrupted while the vault password script ran");
    }
  }

  private static byte[] drain(InputStream in) {
    try {
      return in.readAllBytes();
    } catch (IOException e) {
      return new byte[0];
    }
  }

  private static byte[] strip(byte[] bytes, String chars) {
    int from = 0;
    int to = bytes.length;
    while (from < to && chars.indexOf(bytes[from]) >= 0) {
      from++;
    }
    while (to > from && chars.indexOf(bytes[to - 1]) >= 0) {
      to--;
    }
    return Arrays.copyOfRange(bytes, from, to);
  }
}
