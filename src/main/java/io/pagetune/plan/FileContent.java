package io.pagetune.plan;

import com.fasterxml.jackson.annotation.JsonInclude;
import io.pagetune.state.Sha256;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Objects;
import java.util.Optional;

/**
 * A file's content in a plan: always its SHA-256; the content itself as text (or base64 when it is
 * not UTF-8) unless the task is {@code no_log}, whose secrets are kept as the hash only.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record FileContent(String sha256, String text, String base64) {
  public FileContent {
    Objects.requireNonNull(sha256, "sha256");
  }

  public static FileContent of(byte[] bytes, boolean hashOnly) {
    String hash = Sha256.hex(bytes);
    if (hashOnly) {
      return new FileContent(hash, null, null);
    }
    try {
      String text =
          StandardCharsets.UTF_8
              .newDecoder()
              .onMalformedInput(CodingErrorAction.REPORT)
              .onUnmappableCharacter(CodingErrorAction.REPORT)
              .decode(ByteBuffer.wrap(bytes))
              .toString();
      return new FileContent(hash, text, null);
    } catch (CharacterCodingException e) {
      return new FileContent(hash, null, Base64.getEncoder().encodeToString(bytes));
    }
  }

  /** The content, when the plan keeps it. */
  public Optional<byte[]> bytes() {
    if (text != null) {
      return Optional.of(text.getBytes(StandardCharsets.UTF_8));
    }
    return base64 == null ? Optional.empty() : Optional.of(Base64.getDecoder().decode(base64));
  }

  /** Text for a diff: the content, or a line naming the hash when only that is kept. */
  public String display() {
    if (text != null) {
      return text;
    }
    return base64 != null
        ? "(binary content, sha256 " + sha256 + ")\n"
        : "(content not kept: no_log; sha256 " + sha256 + ")\n";
  }
}
