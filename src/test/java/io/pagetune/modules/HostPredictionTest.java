package io.pagetune.modules;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pagetune.connection.FileMeta;
import io.pagetune.connection.RemoteCommand;
import io.pagetune.facts.Fact;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The copy-on-write view: planned steps fold in, reads and stats answer from the prediction. */
class HostPredictionTest {
  private static final NewFileOwner.Defaults OWNER = new NewFileOwner.Defaults("app", "staff", 027);

  /** A fixed host: a few files and directories, nothing else. */
  private static final class FixedHost implements HostState {
    final Map<String, FileMeta> metas = new HashMap<>();
    final Map<String, byte[]> contents = new HashMap<>();
    final Map<String, String> facts = new HashMap<>();

    FixedHost dir(String path) {
      metas.put(path, new FileMeta(path, FileMeta.Type.DIRECTORY, 0755, "root", "root", 0));
      return this;
    }

    FixedHost file(String path, String content) {
      byte[] bytes = content.getBytes(StandardCharsets.UTF_8);
      metas.put(path, new FileMeta(path, FileMeta.Type.FILE, 0644, "root", "root", bytes.length));
      contents.put(path, bytes);
      return this;
    }

    @Override
    public String host() {
      return "box";
    }

    @Override
    public Optional<byte[]> read(String path) {
      return Optional.ofNullable(contents.get(path));
    }

    @Override
    public Optional<FileMeta> stat(String path) {
      return Optional.ofNullable(metas.get(path));
    }

    @Override
    public <T> T fact(Fact<T> fact) {
      if (fact instanceof Word w && facts.containsKey(w.name())) {
        @SuppressWarnings("unchecked")
        T v = (T) facts.get(w.name());
        return v;
      }
      throw new AssertionError("no fact " + fact.name() + " here");
    }
  }

  private final FixedHost live = new FixedHost().dir("/etc").file("/etc/motd", "hello\n");
  private final HostPrediction prediction = new HostPrediction();
  private final PredictedHostState view = new PredictedHostState(live, prediction);

  private void fold(Step... steps) {
    prediction.fold(List.of(steps), view, () -> OWNER);
  }

  private static Step.Exec exec(String... argv) {
    return Step.Exec.of(RemoteCommand.argv(argv), null);
  }

  private static Step mkdir(String path) {
    return exec("mkdir", "-p", "--", path).changing(FileEffect.makeDirectory(path));
  }

  private static Step rmTree(String path) {
    return exec("rm", "-rf", "--", path).changing(FileEffect.remove(path));
  }

  @Test
  void aDirectoryAndItsMissingParentsAreCreatedWithTheUmaskAndTheTaskUser() {
    fold(mkdir("/etc/app/conf.d"));
    FileMeta meta = view.stat("/etc/app/conf.d").orElseThrow();
    assertEquals(
        new FileMeta("/etc/app/conf.d", FileMeta.Type.DIRECTORY, 0750, "app", "staff", 0), meta);
    assertEquals(FileMeta.Type.DIRECTORY, view.stat("/etc/app").orElseThrow().type());
    assertEquals(
        "root", view.stat("/etc").orElseThrow().owner(), "an existing parent is the host's");
    assertEquals(Optional.empty(), view.stat("/etc/app/conf.d/x.conf"));
  }

  @Test
  void aWriteIsReadBackWithKeptOrNewAttributes() {
    fold(
        new Step.Put(
            "/etc/motd", "bye\n".getBytes(StandardCharsets.UTF_8), null, null, null, false),
        new Step.Put("/etc/new", "n\n".getBytes(StandardCharsets.UTF_8), 0600, null, null, false));
    assertArrayEquals(
        "bye\n".getBytes(StandardCharsets.UTF_8), view.read("/etc/motd").orElseThrow());
    assertEquals(0644, view.stat("/etc/motd").orElseThrow().mode());
    assertEquals("root", view.stat("/etc/motd").orElseThrow().owner());
    FileMeta created = view.stat("/etc/new").orElseThrow();
    assertEquals(new FileMeta("/etc/new", FileMeta.Type.FILE, 0600, "app", "staff", 2), created);
    assertArrayEquals(
        "hello\n".getBytes(StandardCharsets.UTF_8),
        live.read("/etc/motd").orElseThrow(),
        "live untouched");
  }

  @Test
  void attributeChangesKeepTheContent() {
    fold(
        exec("chmod", "0600", "--", "/etc/motd").changing(FileEffect.mode("/etc/motd", 0600)),
        exec("chown", "oracle:dba", "--", "/etc/motd")
            .changing(FileEffect.owner("/etc/motd", "oracle", "dba")),
        exec("chgrp", "oinstall", "--", "/etc//motd")
            .changing(FileEffect.group("/etc//motd", "oinstall")));
    FileMeta meta = view.stat("/etc/motd").orElseThrow();
    assertEquals(0600, meta.mode());
    assertEquals("oracle", meta.owner());
    assertEquals("oinstall", meta.group());
    assertArrayEquals(
        "hello\n".getBytes(StandardCharsets.UTF_8), view.read("/etc/motd").orElseThrow());
  }

  @Test
  void aRemovedTreeHidesEverythingBelowUntilCreatedAgain() {
    fold(rmTree("/etc"));
    assertEquals(Optional.empty(), view.stat("/etc/motd"));
    assertEquals(Optional.empty(), view.read("/etc/motd"));
    fold(mkdir("/etc"));
    assertTrue(view.stat("/etc").isPresent());
    assertEquals(Optional.empty(), view.stat("/etc/motd"), "the old file stays removed");
  }

  @Test
  void commandsAndRestartsAreNotPredicted() {
    fold(exec("touch", "/etc/flag"), Step.Exec.of(RemoteCommand.script("touch /etc/x"), null));
    assertTrue(prediction.isEmpty());
    // command text is never read: only a declared effect counts
    assertEquals(Optional.empty(), FileEffect.of(exec("mkdir", "-p", "--", "/etc/undeclared")));
  }

  @Test
  void whatReallyChangedIsForgotten() {
    Step put = new Step.Put("/etc/motd", new byte[0], null, null, null, false);
    fold(put, mkdir("/etc/a/b"));
    prediction.forget(List.of(put, mkdir("/etc/a")));
    assertArrayEquals(
        "hello\n".getBytes(StandardCharsets.UTF_8), view.read("/etc/motd").orElseThrow());
    assertEquals(Optional.empty(), view.stat("/etc/a/b"));
  }

  @Test
  void pathsAreNormalised() {
    assertEquals("/etc/a", HostPrediction.normalize("/etc//./b/../a/"));
    assertEquals("/", HostPrediction.normalize("/"));
  }

  /** A fact this test's host answers with a fixed word. */
  private record Word(String name) implements Fact<String> {
    @Override
    public String script() {
      return "echo";
    }

    @Override
    public String parse(io.pagetune.connection.CommandResult result) {
      return result.stdout();
    }
  }

  /** After its step, {@code word} reads {@code value}. */
  private record WordBecomes(String word, String value) implements PredictedFact {
    @Override
    public String subject() {
      return "word " + word;
    }

    @Override
    public <T> T after(Fact<T> fact, T before) {
      if (fact instanceof Word w && w.name().equals(word)) {
        @SuppressWarnings("unchecked")
        T v = (T) value;
        return v;
      }
      return before;
    }
  }

  @Test
  void aDeclaredFactIsWhatLaterTasksReadUntilTheHostReallyChanges() {
    FixedHost host = new FixedHost();
    host.facts.put("colour", "red");
    host.facts.put("size", "small");
    PredictedHostState facts = new PredictedHostState(host, prediction);
    Step paint = exec("paint", "blue").predicting(new WordBecomes("colour", "blue"));
    prediction.fold(List.of(paint), facts, () -> OWNER);
    assertFalse(prediction.isEmpty());
    assertEquals("blue", facts.fact(new Word("colour")));
    assertEquals("small", facts.fact(new Word("size")), "another fact is the host's");
    assertEquals("red", host.fact(new Word("colour")), "live untouched");
    prediction.fold(
        List.of(exec("paint", "green").predicting(new WordBecomes("colour", "green"))),
        facts,
        () -> OWNER);
    assertEquals("green", facts.fact(new Word("colour")), "the later step wins");
    // applied for real (check_mode: false): the host answers for that subject from now on
    prediction.forget(List.of(paint));
    assertEquals("red", facts.fact(new Word("colour")));
    assertTrue(prediction.isEmpty());
  }
}
