package io.pagetune.schedule;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.schedule.RestartTarget.Scope;
import io.pagetune.schedule.drivers.RestartCheck;
import io.pagetune.schedule.drivers.RestartKind;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class RestartCatalogTest {
  /** A sixth kind no code of the queue has heard of: it brings its own noun and scope. */
  private static final RestartKind CLUSTER =
      new RestartKind(
          "hana_tenant",
          "HANA tenant database",
          Scope.SYSTEM,
          Duration.ofMinutes(20),
          c -> (target, connection, timeout) -> null,
          RestartCheck.NONE);

  private static final RestartKind PLAIN =
      new RestartKind(
          "app_server",
          Duration.ofMinutes(5),
          c -> (target, connection, timeout) -> null,
          RestartCheck.NONE);

  private final RestartCatalog kinds = new RestartCatalog(List.of(CLUSTER.entry(), PLAIN.entry()));

  @Test
  void aKindIsNamedAndScopedByItsOwnDeclaration() {
    RestartTarget onA = kinds.target("hana_tenant", "hana-a", "TN1");
    RestartTarget onB = kinds.target("HANA_TENANT", "hana-b", "TN1");
    assertEquals("HANA tenant database TN1", onA.describe());
    assertEquals(Scope.SYSTEM, onA.scope());
    assertEquals("HANA_TENANT:TN1", onA.key());
    assertEquals(onA.key(), onB.key(), "one restart per tenant, whichever host asked");
    assertEquals(onA, CLUSTER.target("hana-a", "TN1"));
  }

  @Test
  void aKindWithoutANounReadsByItsNameOnePerInstance() {
    RestartTarget t = kinds.target("app_server", "app1", "D00");
    assertEquals("app server D00", t.describe());
    assertEquals("APP_SERVER:app1:D00", t.key());
  }

  @Test
  void theQueueKnowsARebootAndAServiceWithoutATarget() {
    assertEquals(List.of("hana_tenant", "app_server", "service", "reboot"), kinds.names());
    assertEquals("reboot of db1", kinds.target("reboot", "db1", "db1").describe());
    assertEquals("REBOOT:db1", kinds.target("reboot", "db1", "db1").key());
    assertEquals("service nginx", kinds.target("service", "web1", "nginx").describe());
    assertTrue(RestartCatalog.hostOnly().knows("reboot"));
    assertFalse(RestartCatalog.hostOnly().knows("hana_tenant"));
  }

  @Test
  void aStoredRowKeepsTheScopeOfItsKeyAndReadsAsItsKindDeclares() {
    RestartTarget stored = kinds.stored("HANA_TENANT", "hana-a", "TN1", "HANA_TENANT:TN1");
    assertEquals("HANA tenant database TN1", stored.describe());
    assertEquals(kinds.target("hana_tenant", "hana-a", "TN1"), stored);
    RestartTarget perInstance =
        kinds.stored("HANA_TENANT", "hana-a", "TN1", "HANA_TENANT:hana-a:TN1");
    assertEquals(Scope.INSTANCE, perInstance.scope(), "the key it was stored under wins");
  }

  @Test
  void theNounIsOnlyHowATargetIsShown() {
    RestartTarget named = new RestartTarget("hana_tenant", "h", "TN1", Scope.SYSTEM, "tenant");
    RestartTarget plain = new RestartTarget("hana_tenant", "h", "TN1", Scope.SYSTEM);
    assertEquals(named, plain);
    assertEquals(named.hashCode(), plain.hashCode());
    assertEquals(named.key(), plain.key());
    assertEquals("tenant TN1", named.withId("TN1").describe());
  }

  @Test
  void aKindDeclaredTwiceIsAWiringError() {
    assertThrows(
        IllegalArgumentException.class,
        () -> new RestartCatalog(List.of(CLUSTER.entry(), CLUSTER.entry())));
  }
}
