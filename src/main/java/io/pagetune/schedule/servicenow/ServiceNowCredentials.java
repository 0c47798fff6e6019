package io.pagetune.schedule.servicenow;

import java.io.IOException;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Properties;

/**
 * A ServiceNow user and password for Basic authentication. The password is never printed: {@link
 * #toString()} masks it and no exception built here quotes it.
 */
public final class ServiceNowCredentials {
  public static final String USER_ENV = "PAGETUNE_SNOW_USER";
  public static final String PASSWORD_ENV = "PAGETUNE_SNOW_PASSWORD";

  private final String user;
  private final char[] password;

  public ServiceNowCredentials(String user, String password) {
    this.user = Objects.requireNonNull(user, "user");
    this.password = Objects.requireNonNull(password, "password").toCharArray();
    if (user.isBlank()) {
      throw new IllegalArgumentException("ServiceNow user is empty");
    }
  }

  public String user() {
    return user;
  }

  /** From {@value #USER_ENV} and {@value #PASSWORD_ENV}, if both are set. */
  public static Optional<ServiceNowCredentials> fromEnv(Map<String, String> env) {
    String u = env.get(USER_ENV);
    String p = env.get(PASSWORD_ENV);
    if (u == null || u.isBlank() || p == null) {
      return Optional.empty();
    }
    return Optional.of(new ServiceNowCredentials(u, p));
  }

  /** From a properties file with {@code user=} and {@code password=} lines. */
  public static ServiceNowCredentials fromFile(Path file) {
    Properties props = new Properties();
    try (Reader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      props.load(r);
    } catch (IOException e) {
      throw new ServiceNowException(
          ServiceNowException.Reason.AUTHENTICATION,
          "cannot read ServiceNow credentials file " + file + ": " + e.getClass().getSimpleName());
    }
    String u = props.getProperty("user");
    String p = props.getProperty("password");
    if (u == null || u.isBlank() || p == null) {
      throw new ServiceNowException(
          ServiceNowException.Reason.AUTHENTICATION,
          "ServiceNow credentials file " + file + " needs 'user' and 'password'");
    }
    return new ServiceNowCredentials(u.strip(), p);
  }

  /** Environment first, then the file; fails with a message naming both sources. */
  public static ServiceNowCredentials resolve(Map<String, String> env, Optional<Path> file) {
    Optional<ServiceNowCredentials> fromEnv = fromEnv(env);
    if (fromEnv.isPresent()) {
      return fromEnv.get();
    }
    if (file.isPresent()) {
      return fromFile(file.get());
    }
    throw new ServiceNowException(
        ServiceNowException.Reason.AUTHENTICATION,
        "no ServiceNow credentials: set "
            + USER_ENV
            + " and "
            + PASSWORD_ENV
            + " or give a credentials file");
  }

  String basicAuthorization() {
    String pair = user + ":" + new String(password);
    return "Basic " + Base64.getEncoder().encodeToString(pair.getBytes(StandardCharsets.UTF_8));
  }

  @Override
  public String toString() {
    return "ServiceNowCredentials[user=" + user + ", password=****]";
  }
}
