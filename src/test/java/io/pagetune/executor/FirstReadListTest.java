package io.pagetune.executor;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The play's host lists in a task's variables are taken when first read: a task that never reads
 * them costs no pass over the play's hosts, and one that does sees one snapshot throughout.
 */
class FirstReadListTest {
  @Test
  void hostListsAreNotBuiltUntilATaskReadsThem() {
    AtomicInteger asked = new AtomicInteger();
    PlayHosts hosts =
        new PlayHosts(
            List.of("h1", "h2", "h3"),
            name -> {
              asked.incrementAndGet();
              return true;
            });
    List<String> batch = hosts.activeBatch();
    List<String> remaining = hosts.remaining();
    assertEquals(0, asked.get(), "no host was looked at before a read");
    assertEquals(List.of("h1", "h2", "h3"), batch);
    assertEquals(List.of("h1", "h2", "h3"), remaining);
    assertEquals(6, asked.get(), "each list looked at each host once");
  }

  @Test
  void aListKeepsTheSnapshotOfItsFirstRead() {
    Set<String> failed = new HashSet<>();
    PlayHosts hosts = new PlayHosts(List.of("h1", "h2", "h3"), name -> !failed.contains(name));
    hosts.batch(List.of("h1", "h2"));
    List<String> batch = hosts.activeBatch();
    failed.add("h1");
    List<String> later = hosts.activeBatch();
    assertEquals(List.of("h2"), batch, "a host failed before the first read is not listed");
    failed.add("h2");
    assertEquals(List.of("h2"), batch, "the same list reads the same after more failures");
    assertEquals(List.of(), later);
    assertEquals(List.of("h3"), hosts.remaining());
  }

  @Test
  void isTakenOnlyOnceRead() {
    AtomicInteger taken = new AtomicInteger();
    FirstReadList<String> list =
        new FirstReadList<>(
            () -> {
              taken.incrementAndGet();
              return List.of("a");
            });
    assertEquals(0, taken.get(), "not taken before a read");
    assertEquals("a", list.get(0));
    assertEquals(1, list.size());
    assertEquals(1, taken.get(), "taken once, at the first read");
  }
}
