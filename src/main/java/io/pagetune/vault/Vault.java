package io.pagetune.vault;

import io.pagetune.error.InputException;
import io.pagetune.error.SourceLocation;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * The vault passwords a command was given, and every value they decrypted. A decrypted value is a
 * secret from then on: each one is handed to the listeners (which hide it from the output) and kept
 * so that saved plans keep content holding it as a hash only. Thread-safe: hosts decrypt copy
 * sources in parallel.
 */
public final class Vault {
  /** Shorter values would mask ordinary text everywhere; the terminal hides none shorter either. */
  private static final int MIN_SECRET_LENGTH = 4;

  private final List<VaultSecret> secrets;
  private final Set<String> revealed = ConcurrentHashMap.newKeySet();
  private final List<Consumer<Collection<String>>> listeners = new CopyOnWriteArrayList<>();

  public Vault(List<VaultSecret> secrets) {
    this.secrets = List.copyOf(secrets);
  }

  /** No passwords: vault text is refused with the options that would give one. */
  public static Vault none() {
    return new Vault(List.of());
  }

  public List<VaultSecret> secrets() {
    return secrets;
  }

  /** From now on the listener gets every value decrypted, after those decrypted so far. */
  public void onReveal(Consumer<Collection<String>> listener) {
    listeners.add(listener);
    listener.accept(List.copyOf(revealed));
  }

  /** True when the text holds a value a vault decrypted (so it must be kept as a hash only). */
  public boolean holdsSecret(String text) {
    for (String secret : revealed) {
      if (text.contains(secret)) {
        return true;
      }
    }
    return false;
  }

  /** The text with every value a vault decrypted shown as {@code ***} (report files). */
  public String mask(String text) {
    String out = text;
    for (String secret : revealed) {
      out = out.replace(secret, io.pagetune.error.CredentialMask.MASK);
    }
    return out;
  }

  /** Marks values as secret (the values of an encrypted vars file, each line of a file). */
  public void reveal(Collection<String> values) {
    List<String> fresh = new ArrayList<>();
    for (String v : values) {
      String s = v.strip();
      if (s.length() >= MIN_SECRET_LENGTH && revealed.add(s)) {
        fresh.add(s);
      }
    }
    if (!fresh.isEmpty()) {
      listeners.forEach(l -> l.accept(fresh));
    }
  }

  /**
   * Decrypts vault text with the secret of its vault id first, then every other one, as Ansible
   * does.
   *
   * @param at the file (and line, for an inline value) named when no password decrypts it
   * @throws InputException without passwords, with none that fits, or for damaged vault text
   */
  public byte[] decrypt(String text, SourceLocation at) {
    VaultEnvelope envelope;
    try {
      envelope = VaultEnvelope.parse(text);
    } catch (IllegalArgumentException e) {
      throw new InputException(at, e.getMessage());
    }
    String id = envelope.label().map(l -> " (vault id '" + l + "')").orElse("");
    if (secrets.isEmpty()) {
      throw new InputException(
          at,
          "vault-encrypted"
              + id
              + " but no vault password was given (--vault-id, --vault-password-file,"
              + " --ask-vault-pass or ANSIBLE_VAULT_PASSWORD_FILE)");
    }
    try {
      for (VaultSecret secret : ordered(envelope.label())) {
        Optional<byte[]> plain = VaultCipher.decrypt(envelope, secret.password());
        if (plain.isPresent()) {
          return plain.get();
        }
      }
    } catch (IllegalArgumentException e) {
      throw new InputException(at, e.getMessage());
    }
    throw new InputException(
        at,
        "no vault password given decrypts this"
            + id
            + "; tried "
            + String.join(", ", secrets.stream().map(s -> s.label() + "@" + s.source()).toList()));
  }

  /** An inline {@code !vault} value or a vars file: UTF-8 text, revealed as a secret. */
  public String decryptText(String text, SourceLocation at) {
    String plain =
        VaultCipher.utf8(decrypt(text, at))
            .orElseThrow(() -> new InputException(at, "the decrypted vault value is not UTF-8"));
    reveal(List.of(plain));
    return plain;
  }

  /** A file's content (copy/template source): each of its lines is revealed as a secret. */
  public byte[] decryptFile(String text, SourceLocation at) {
    byte[] plain = decrypt(text, at);
    VaultCipher.utf8(plain).ifPresent(t -> reveal(List.of(t.split("\n"))));
    return plain;
  }

  private List<VaultSecret> ordered(Optional<String> label) {
    List<VaultSecret> out = new ArrayList<>();
    label.ifPresent(l -> secrets.stream().filter(s -> s.label().equals(l)).forEach(out::add));
    secrets.stream().filter(s -> !out.contains(s)).forEach(out::add);
    return out;
  }
}
