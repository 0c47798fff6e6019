package io.pagetune.state;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.pages.PageState;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Each host's latest page facts survive in both dialects and a newer gathering replaces them. */
class HostFactsStoreTest {
  @RegisterExtension static final PostgresServer POSTGRES = new PostgresServer();

  private static final Clock CLOCK =
      Clock.fixed(Instant.parse("2026-03-01T02:00:00Z"), ZoneOffset.UTC);

  @TempDir Path dir;

  private StateStore open(String dialect) {
    return dialect.equals("sqlite")
        ? StateStore.open(dir.resolve("state.db").toString(), CLOCK)
        : StateStore.open(POSTGRES.newDatabase(), CLOCK, Map.of());
  }

  private static PageState pool(boolean effective, List<String> reasons) {
    return new PageState(
        "oracle/hugepages",
        "vm.nr_hugepages=6146",
        true,
        "vm.nr_hugepages=6146",
        effective,
        effective ? "vm.nr_hugepages=6146" : "vm.nr_hugepages=0",
        !effective,
        reasons);
  }

  @ParameterizedTest
  @ValueSource(strings = {"sqlite", "postgresql"})
  void theLatestFactsOfAHostRoundTripAndReplaceTheOlderOnes(String dialect) {
    StateStore store = open(dialect);
    HostFactsStore facts = new HostFactsStore(store);
    assertEquals(Optional.empty(), facts.latest("db1"), "never gathered");

    HostFacts first =
        new HostFacts(
            "db1",
            Optional.of("r1"),
            Instant.parse("2026-03-01T01:00:00Z"),
            List.of(
                pool(
                    false,
                    List.of(
                        "the pool is not allocated yet",
                        "sysctl said:\nC:\\path \\n not a line break")),
                new PageState("sap/NWP/D00", "", false, "", false, "", false, List.of())));
    facts.save(first);
    facts.save(
        new HostFacts("web1", Optional.empty(), Instant.parse("2026-03-01T01:30:00Z"), List.of()));
    assertEquals(Optional.of(first), facts.latest("db1"));

    HostFacts second =
        new HostFacts(
            "db1",
            Optional.empty(),
            Instant.parse("2026-03-01T01:59:59.123Z"),
            List.of(pool(true, List.of())));
    facts.save(second);

    assertEquals(Optional.of(second), facts.latest("db1"));
    assertTrue(facts.latest("web1").orElseThrow().pages().isEmpty());
    assertEquals(
        Optional.of("2026-03-01T01:30:00Z"),
        facts.latest("web1").map(f -> f.gatheredAt().toString()));
  }
}
