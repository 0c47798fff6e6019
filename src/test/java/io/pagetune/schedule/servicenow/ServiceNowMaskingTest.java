package io.pagetune.schedule.servicenow;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.ServerSocket;
import java.net.URI;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** A ServiceNow instance URL written with user:password@ never shows its password in a message. */
class ServiceNowMaskingTest {
  private static final ServiceNowCredentials CREDS =
      new ServiceNowCredentials("pagetune.integration", "api-pw");

  @Test
  void unreachableInstanceIsNamedWithItsPasswordMasked() throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort(); // closed again: nothing listens there
    }
    ServiceNowClient client =
        new ServiceNowClient(
            URI.create("http://ops:url-s3cret@127.0.0.1:" + port),
            CREDS,
            new ServiceNowClient.Options(
                Duration.ofSeconds(2),
                Duration.ofSeconds(2),
                2,
                Duration.ofMillis(1),
                Duration.ofMillis(1)),
            d -> {});
    ServiceNowException e =
        assertThrows(ServiceNowException.class, () -> client.changeRequest("CHG0040007"));
    assertTrue(
        e.getMessage().contains("cannot reach http://ops:***@127.0.0.1:" + port), e.getMessage());
    assertFalse(e.getMessage().contains("url-s3cret"), e.getMessage());
  }

  @Test
  void refusedPlainHttpInstanceIsNamedWithItsPasswordMasked() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                new ServiceNowClient(
                    URI.create("http://ops:url-s3cret@acme.service-now.com"),
                    CREDS,
                    ServiceNowClient.Options.defaults(),
                    d -> {}));
    assertTrue(e.getMessage().contains("http://ops:***@acme.service-now.com"), e.getMessage());
    assertFalse(e.getMessage().contains("url-s3cret"), e.getMessage());
  }
}
