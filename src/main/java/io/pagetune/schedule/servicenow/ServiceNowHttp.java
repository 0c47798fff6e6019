package io.pagetune.schedule.servicenow;

import io.pagetune.error.CredentialMask;
import io.pagetune.schedule.Sleeper;
import io.pagetune.schedule.servicenow.ServiceNowException.Reason;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.CancellationException;

/**
 * The one way pagetune talks HTTP to a ServiceNow instance (change requests, attachments, the
 * CMDB): Basic authentication over https (plain http only to this machine), 5xx, 429 and connection
 * failures retried with bounded exponential backoff, 401/403 and 404 final, a request that exceeds
 * its timeout not retried (a slow instance should not stall the caller further). Messages never
 * carry the password.
 */
public final class ServiceNowHttp {
  private final URI instance;
  private final ServiceNowCredentials credentials;
  private final ServiceNowClient.Options options;
  private final Sleeper sleeper;
  private final HttpClient http;

  /**
   * @param instance e.g. {@code https://example.service-now.com}
   */
  public ServiceNowHttp(
      URI instance,
      ServiceNowCredentials credentials,
      ServiceNowClient.Options options,
      Sleeper sleeper) {
    this.instance = stripSlash(Objects.requireNonNull(instance, "instance"));
    if (!"https".equals(instance.getScheme()) && !loopback(instance.getHost())) {
      // Basic credentials in clear text must not leave this machine
      throw new IllegalArgumentException(
          "ServiceNow instance must use https (plain http only to localhost): "
              + CredentialMask.mask(instance.toString()));
    }
    this.credentials = Objects.requireNonNull(credentials, "credentials");
    this.options = Objects.requireNonNull(options, "options");
    this.sleeper = Objects.requireNonNull(sleeper, "sleeper");
    this.http =
        HttpClient.newBuilder()
            .connectTimeout(options.connectTimeout())
            .followRedirects(HttpClient.Redirect.NEVER)
            .build();
  }

  /** The instance URL without a trailing slash. */
  public URI instance() {
    return instance;
  }

  public ServiceNowClient.Options options() {
    return options;
  }

  /** A request to {@code uri} with the credentials, asking for {@code accept}. */
  public HttpRequest.Builder request(URI uri, String accept) {
    return HttpRequest.newBuilder(uri)
        .timeout(options.requestTimeout())
        .header("Accept", accept)
        .header("Authorization", credentials.basicAuthorization());
  }

  /** A JSON request to {@code uri} with the credentials. */
  public HttpRequest.Builder request(URI uri) {
    return request(uri, "application/json");
  }

  /**
   * Sends with retries; a 2xx answer is returned whole (headers and body).
   *
   * @param what what the request does, for messages ("read CHG0040007")
   * @param notFound the message of the NOT_FOUND exception a 404 raises
   */
  public HttpResponse<String> send(HttpRequest request, String what, String notFound) {
    Duration backoff = options.firstBackoff();
    String last = "";
    for (int attempt = 1; attempt <= options.maxAttempts(); attempt++) {
      HttpResponse<String> response;
      try {
        response = http.send(request, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
      } catch (HttpTimeoutException e) {
        throw new ServiceNowException(
            Reason.TIMEOUT,
            "ServiceNow did not answer within "
                + options.requestTimeout().toMillis()
                + " ms ("
                + what
                + ")");
      } catch (IOException e) {
        last =
            "cannot reach "
                + CredentialMask.mask(instance.toString())
                + ": "
                + e.getClass().getSimpleName();
        backoff = pause(attempt, backoff);
        continue;
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new CancellationException("interrupted while waiting for ServiceNow");
      }
      int status = response.statusCode();
      if (status == 401 || status == 403) {
        throw new ServiceNowException(
            Reason.AUTHENTICATION,
            "ServiceNow refused user '"
                + credentials.user()
                + "' (HTTP "
                + status
                + "): check the credentials and the user's roles");
      }
      if (status == 404) {
        throw new ServiceNowException(Reason.NOT_FOUND, notFound);
      }
      if (status >= 500 || status == 429) {
        last = "ServiceNow answered HTTP " + status;
        backoff = pause(attempt, backoff);
        continue;
      }
      if (status < 200 || status > 299) {
        throw new ServiceNowException(
            Reason.BAD_RESPONSE, "ServiceNow answered HTTP " + status + " to " + what);
      }
      return response;
    }
    throw new ServiceNowException(
        Reason.UNAVAILABLE,
        "could not " + what + " after " + options.maxAttempts() + " attempts; " + last);
  }

  private Duration pause(int attempt, Duration backoff) {
    if (attempt < options.maxAttempts()) {
      sleeper.sleep(backoff);
    }
    Duration doubled = backoff.multipliedBy(2);
    return doubled.compareTo(options.maxBackoff()) > 0 ? options.maxBackoff() : doubled;
  }

  private static boolean loopback(String host) {
    return "localhost".equals(host) || "127.0.0.1".equals(host) || "[::1]".equals(host);
  }

  private static URI stripSlash(URI u) {
    String s = u.toString();
    return s.endsWith("/") ? URI.create(s.substring(0, s.length() - 1)) : u;
  }
}
