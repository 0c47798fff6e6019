package io.pagetune.targets.sap;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Objects;

/** OS user and password for sapstartsrv's Basic authentication; the password is never printed. */
final class SoapCredentials {
  private final String user;
  private final char[] password;

  public SoapCredentials(String user, String password) {
    this.user = Objects.requireNonNull(user, "user");
    this.password = Objects.requireNonNull(password, "password").toCharArray();
  }

  public String user() {
    return user;
  }

  String basicAuthorization() {
    String pair = user + ":" + new String(password);
    return "Basic " + Base64.getEncoder().encodeToString(pair.getBytes(StandardCharsets.UTF_8));
  }

  @Override
  public String toString() {
    return "SoapCredentials[user=" + user + ", password=****]";
  }
}
