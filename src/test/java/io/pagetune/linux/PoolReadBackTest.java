package io.pagetune.linux;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.connection.CommandResult;
import io.pagetune.connection.RemoteCommand;
import io.pagetune.linux.PoolReadBack.Status;
import io.pagetune.modules.Step;
import io.pagetune.pages.Fixtures;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

class PoolReadBackTest {
  private static final long TWO_M = 2L << 20;
  private static final long ONE_G = 1L << 30;

  @Test
  void partialAllocationIsShort() {
    // spdk's example: 4096 requested, 3738 allocated
    PoolReadBack r = PoolReadBack.compare(4096, OptionalLong.of(3738));
    assertEquals(Status.SHORT, r.status());
    assertTrue(r.message().contains("only 3738"), r.message());
    assertFalse(r.ok());
  }

  @Test
  void matchOverAndUnknown() {
    assertTrue(PoolReadBack.compare(6145, OptionalLong.of(6145)).ok());
    assertEquals(Status.OVER, PoolReadBack.compare(10, OptionalLong.of(12)).status());
    assertEquals(Status.UNKNOWN, PoolReadBack.compare(10, OptionalLong.empty()).status());
    assertEquals("nothing", PoolReadBack.compare(10, OptionalLong.empty()).got());
  }

  @Test
  void theDefaultSizeIsReadBySysctl() {
    Host host =
        new Host(
            Map.of(
                "sysctl -n vm.nr_hugepages",
                CommandResult.of(0, Fixtures.read("facts/sysctl/nr_hugepages.txt"), "")));
    PoolReadBack r = PoolReadBack.read(host, new PoolOfSize(TWO_M, TWO_M, TWO_M, 0), 6145);
    assertTrue(r.ok(), r.message());
    assertEquals(List.of("sysctl -n vm.nr_hugepages"), host.asked);
  }

  @Test
  void anotherSizeIsReadFromItsSysfsFile() {
    String cat = "cat /sys/kernel/mm/hugepages/hugepages-1048576kB/nr_hugepages";
    Host host = new Host(Map.of(cat, CommandResult.of(0, "3\n", "")));
    PoolReadBack r = PoolReadBack.read(host, new PoolOfSize(ONE_G, TWO_M, TWO_M, 0), 4);
    assertEquals(Status.SHORT, r.status());
    assertEquals("3", r.got());
    assertEquals(List.of(cat), host.asked);
  }

  @Test
  void aFailedReadIsUnknown() {
    Host host = new Host(Map.of());
    assertEquals(
        Status.UNKNOWN,
        PoolReadBack.read(host, new PoolOfSize(TWO_M, TWO_M, TWO_M, 0), 4).status());
  }

  /** A host that answers the commands it knows and fails the others. */
  private static final class Host implements Step.ReadBack.Host {
    private final Map<String, CommandResult> answers;
    private final List<String> asked = new ArrayList<>();

    Host(Map<String, CommandResult> answers) {
      this.answers = answers;
    }

    @Override
    public String name() {
      return "db1";
    }

    @Override
    public CommandResult query(RemoteCommand command) {
      String line = String.join(" ", command.argv());
      asked.add(line);
      return answers.getOrDefault(line, CommandResult.of(1, "", "no such command"));
    }

    @Override
    public CommandResult query(RemoteCommand command, Duration atLeast) {
      return query(command);
    }
  }
}
