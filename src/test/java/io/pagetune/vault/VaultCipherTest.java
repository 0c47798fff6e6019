package io.pagetune.vault;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.error.InputException;
import io.pagetune.error.SourceLocation;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/**
 * Fixed vectors that ansible-vault (ansible-core 2.14, Debian 12) wrote: files and strings for
 * format 1.1 (password {@code alpha-pass}) and 1.2 (ids {@code prod} and {@code dev}, password
 * {@code bravo-pass}), an empty file and 100 random bytes.
 */
class VaultCipherTest {
  private static final VaultSecret ALPHA = secret("default", "alpha-pass");
  private static final VaultSecret BRAVO = secret("prod", "bravo-pass");
  private static final String PLAIN = "db_password: Vault-Db-Pw-9a1\npool_pages: 512\n";

  @Test
  void decryptsAnsibleVaultFilesOfBothFormats() throws IOException {
    Vault vault = new Vault(List.of(ALPHA, BRAVO));
    assertEquals(PLAIN, vault.decryptText(fixture("v11.yml"), SourceLocation.of("v11.yml")));
    assertEquals(PLAIN, vault.decryptText(fixture("v12.yml"), SourceLocation.of("v12.yml")));
    assertEquals(Optional.of("prod"), VaultEnvelope.parse(fixture("v12.yml")).label());
    assertEquals(Optional.empty(), VaultEnvelope.parse(fixture("v11.yml")).label());
  }

  @Test
  void decryptsEncryptStringOutputOfBothFormats() throws IOException {
    // the dev id's password is bravo-pass too: tried after the id that matches by name
    Vault vault = new Vault(List.of(ALPHA, secret("dev", "bravo-pass")));
    for (String name : List.of("s11.txt", "s12.txt")) {
      String text = fixture(name);
      String vaultText = text.substring(text.indexOf('|') + 1);
      assertEquals("Inline-Secret-7b2", vault.decryptText(vaultText, SourceLocation.of(name)));
    }
  }

  @Test
  void decryptsBinaryAndEmptyContent() throws IOException {
    Vault vault = new Vault(List.of(ALPHA));
    assertArrayEquals(
        bytes("bin.dat"), vault.decryptFile(fixture("bin.vault"), SourceLocation.of("bin")));
    assertArrayEquals(new byte[0], vault.decrypt(fixture("zero.vault"), SourceLocation.of("z")));
  }

  @Test
  void aWrongPasswordIsRefusedNamingTheFileAndTheIdsTried() throws IOException {
    Vault vault = new Vault(List.of(secret("default", "alpha-pass")));
    InputException e =
        assertThrows(
            InputException.class,
            () -> vault.decryptText(fixture("v12.yml"), new SourceLocation("gv/db.yml", 1, 1)));
    assertEquals(
        "gv/db.yml:1:1: no vault password given decrypts this (vault id 'prod'); tried"
            + " default@test",
        e.getMessage());
    assertTrue(
        assertThrows(
                InputException.class,
                () -> Vault.none().decryptText(fixture("v11.yml"), SourceLocation.of("a.yml")))
            .getMessage()
            .contains("no vault password was given"));
  }

  @Test
  void aTamperedCiphertextFailsItsHmac() throws IOException {
    VaultEnvelope e = VaultEnvelope.parse(fixture("v11.yml"));
    byte[] c = e.ciphertext();
    c[0] ^= 1;
    VaultEnvelope tampered = new VaultEnvelope(e.label(), e.salt(), e.hmac(), c);
    assertEquals(Optional.empty(), VaultCipher.decrypt(tampered, ALPHA.password()));
  }

  @Test
  void encryptsInAnsiblesLayoutAndReadsItBack() throws IOException {
    for (VaultSecret s : List.of(ALPHA, BRAVO)) {
      String text =
          VaultCipher.encrypt(PLAIN.getBytes(StandardCharsets.UTF_8), s, new SecureRandom())
              .format();
      String[] lines = text.split("\n");
      assertEquals(
          s.labelled() ? "$ANSIBLE_VAULT;1.2;AES256;prod" : "$ANSIBLE_VAULT;1.1;AES256", lines[0]);
      for (int i = 1; i < lines.length - 1; i++) {
        assertEquals(80, lines[i].length(), "line " + i);
      }
      assertTrue(text.endsWith("\n"));
      // the same length as ansible-vault's for the same plaintext: same padding and layout
      assertEquals(fixture(s.labelled() ? "v12.yml" : "v11.yml").length(), text.length());
      assertEquals(PLAIN, new Vault(List.of(s)).decryptText(text, SourceLocation.of("x")));
    }
  }

  @Test
  void decryptedValuesAreRevealedToListenersAsSecrets() throws IOException {
    Vault vault = new Vault(List.of(ALPHA));
    List<String> seen = new java.util.ArrayList<>();
    vault.onReveal(seen::addAll);
    String text = fixture("s11.txt");
    vault.decryptText(text.substring(text.indexOf('|') + 1), SourceLocation.of("s"));
    assertEquals(List.of("Inline-Secret-7b2"), seen);
    assertTrue(vault.holdsSecret("token=Inline-Secret-7b2\n"));
  }

  static VaultSecret secret(String label, String password) {
    return new VaultSecret(label, password.getBytes(StandardCharsets.UTF_8), "test");
  }

  static String fixture(String name) throws IOException {
    return new String(bytes(name), StandardCharsets.UTF_8);
  }

  static byte[] bytes(String name) throws IOException {
    try (InputStream in = VaultCipherTest.class.getResourceAsStream("/vault/" + name)) {
      return in.readAllBytes();
    }
  }
}
