package io.pagetune.vault;

import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.Optional;

/**
 * Ansible's vault text: the header {@code $ANSIBLE_VAULT;1.1;AES256} (or {@code
 * $ANSIBLE_VAULT;1.2;AES256;label}) and the payload, hexlified twice, in lines of 80 characters.
 * The inner text is {@code hex(salt) \n hex(hmac) \n hex(ciphertext)}.
 *
 * @param label the vault id of a 1.2 envelope; empty for 1.1
 */
public record VaultEnvelope(Optional<String> label, byte[] salt, byte[] hmac, byte[] ciphertext) {
  public static final String MAGIC = "$ANSIBLE_VAULT;";
  private static final int LINE = 80;
  private static final HexFormat HEX = HexFormat.of();

  public VaultEnvelope {
    salt = salt.clone();
    hmac = hmac.clone();
    ciphertext = ciphertext.clone();
  }

  @Override
  public byte[] salt() {
    return salt.clone();
  }

  @Override
  public byte[] hmac() {
    return hmac.clone();
  }

  @Override
  public byte[] ciphertext() {
    return ciphertext.clone();
  }

  /** True when the text is vault text (as Ansible tests it: the header starts the first line). */
  public static boolean isVault(String text) {
    return text.stripLeading().startsWith(MAGIC);
  }

  /**
   * Reads vault text; leading and trailing blank space and the indentation of an inline value are
   * ignored.
   *
   * @throws IllegalArgumentException with the reason the text is not a vault this reads
   */
  public static VaultEnvelope parse(String text) {
    String[] lines = text.strip().split("\\R");
    String[] header = lines[0].strip().split(";");
    if (!lines[0].strip().startsWith(MAGIC) || header.length < 3) {
      throw new IllegalArgumentException("not vault text: the first line is no vault header");
    }
    String version = header[1];
    if (!version.equals("1.1") && !version.equals("1.2")) {
      throw new IllegalArgumentException(
          "vault format " + version + " is not supported (1.1, 1.2)");
    }
    if (!header[2].strip().equals("AES256")) {
      throw new IllegalArgumentException(
          "vault cipher " + header[2].strip() + " is not supported (AES256)");
    }
    Optional<String> label =
        version.equals("1.2") && header.length > 3
            ? Optional.of(header[3].strip())
            : Optional.empty();
    StringBuilder hex = new StringBuilder();
    for (int i = 1; i < lines.length; i++) {
      hex.append(lines[i].strip());
    }
    try {
      String inner = new String(HEX.parseHex(hex), StandardCharsets.US_ASCII);
      String[] parts = inner.split("\n");
      if (parts.length != 3) {
        throw new IllegalArgumentException("vault payload is damaged (not salt, hmac, ciphertext)");
      }
      return new VaultEnvelope(
          label, HEX.parseHex(parts[0]), HEX.parseHex(parts[1]), HEX.parseHex(parts[2]));
    } catch (IllegalArgumentException e) {
      if (e.getMessage() != null && e.getMessage().startsWith("vault payload")) {
        throw e;
      }
      throw new IllegalArgumentException("vault payload is damaged (not hexadecimal)", e);
    }
  }

  /** The vault text as ansible-vault writes it: header, 80-column lines, a final newline. */
  public String format() {
    String inner =
        HEX.formatHex(salt) + "\n" + HEX.formatHex(hmac) + "\n" + HEX.formatHex(ciphertext);
    String body = HEX.formatHex(inner.getBytes(StandardCharsets.US_ASCII));
    StringBuilder out = new StringBuilder(MAGIC);
    out.append(label.isPresent() ? "1.2;AES256;" + label.get() : "1.1;AES256").append('\n');
    for (int i = 0; i < body.length(); i += LINE) {
      out.append(body, i, Math.min(body.length(), i + LINE)).append('\n');
    }
    return out.toString();
  }
}
