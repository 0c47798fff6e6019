package io.pagetune.plan;

import com.fasterxml.jackson.databind.JsonNode;
import java.security.InvalidKeyException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Signs a plan with the state store's key (HMAC-SHA256 over its canonical form, digest and
 * signature left out). The digest alone only tells a plan from a damaged one: anyone can edit a
 * plan and digest it again, but without the key, which no plan file carries, nobody can sign it
 * again.
 */
public final class PlanSigner {
  static final String FIELD = "signature";
  private static final String PREFIX = "hmac-sha256:";
  private final byte[] key;

  public PlanSigner(byte[] key) {
    if (key.length < 16) {
      throw new IllegalArgumentException("a plan signing key has at least 16 bytes");
    }
    this.key = key.clone();
  }

  /** "hmac-sha256:" and 64 hex digits. */
  String sign(JsonNode plan) {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(key, "HmacSHA256"));
      byte[] canonical = PlanDigest.canonical(plan, PlanDigest.FIELD, FIELD);
      return PREFIX + HexFormat.of().formatHex(mac.doFinal(canonical));
    } catch (NoSuchAlgorithmException | InvalidKeyException e) {
      throw new IllegalStateException("every Java runtime has HmacSHA256", e);
    }
  }

  /** Whether {@code plan} carries this key's signature of its content. */
  boolean signed(JsonNode plan) {
    JsonNode stated = plan.get(FIELD);
    if (stated == null || !stated.isTextual()) {
      return false;
    }
    // constant time: a caller timing the check learns nothing about the right signature
    return MessageDigest.isEqual(
        stated.asText().getBytes(java.nio.charset.StandardCharsets.US_ASCII),
        sign(plan).getBytes(java.nio.charset.StandardCharsets.US_ASCII));
  }
}
