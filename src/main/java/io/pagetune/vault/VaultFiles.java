package io.pagetune.vault;

import io.pagetune.error.SourceLocation;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/** Local files that may be vault-encrypted ({@code copy: src=}): their plaintext when they are. */
public final class VaultFiles {
  private VaultFiles() {}

  public static byte[] plain(byte[] content, Path file, Vault vault) {
    // vault text is ASCII: a quick look at the start spares decoding every binary source
    int n = Math.min(content.length, 64);
    String start = new String(content, 0, n, StandardCharsets.ISO_8859_1);
    if (!VaultEnvelope.isVault(start)) {
      return content;
    }
    return vault.decryptFile(
        new String(content, StandardCharsets.US_ASCII), SourceLocation.of(file.toString()));
  }
}
