package io.pagetune.vault;

import java.util.Arrays;

/**
 * One vault password and the vault id it was given under ({@code default} when none was named),
 * with where it came from for messages. Never printed: {@link #toString} names only the id.
 *
 * @param label the vault id ({@code prod} of {@code --vault-id prod@file})
 * @param password the password's bytes as Ansible uses them (trailing whitespace stripped)
 * @param source the file, script or {@code prompt} it was read from
 */
public record VaultSecret(String label, byte[] password, String source) {
  public static final String DEFAULT_LABEL = "default";

  public VaultSecret {
    password = password.clone();
  }

  @Override
  public byte[] password() {
    return password.clone();
  }

  /** Ansible writes the 1.2 header, with the id, for any id but {@code default}. */
  public boolean labelled() {
    return !label.equals(DEFAULT_LABEL);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof VaultSecret s
        && s.label.equals(label)
        && Arrays.equals(s.password, password)
        && s.source.equals(source);
  }

  @Override
  public int hashCode() {
    return label.hashCode() * 31 + Arrays.hashCode(password);
  }

  @Override
  public String toString() {
    return "VaultSecret[" + label + "@" + source + "]";
  }
}
