package io.pagetune.modules;

import io.pagetune.connection.FileMeta;
import io.pagetune.facts.Fact;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * What check mode predicts one host's files look like after the steps planned so far: every planned
 * write, removal, new directory and attribute change, folded in as the apply would make it, and the
 * facts planned commands declare they change ({@link PredictedFact}). Paths and facts it knows
 * nothing about are the live host's. One per host for the whole run; a host's tasks run one at a
 * time, so it needs no locking.
 */
public final class HostPrediction {
  /** A predicted path: {@code meta} null = absent; {@code content} null = the live content. */
  private record Entry(FileMeta meta, byte[] content) {}

  private final Map<String, Entry> entries = new HashMap<>();
  private final List<String> removedTrees = new ArrayList<>();
  // in planning order: a later prediction about the same subject sees the earlier one's value
  private final List<PredictedFact> facts = new ArrayList<>();

  /** What {@link #lookup} answers: not predicted (ask the host), absent, or present. */
  sealed interface Known permits Unknown, Absent, Present {}

  record Unknown() implements Known {}

  record Absent() implements Known {}

  /** {@code content} null = unchanged from the host's. */
  record Present(FileMeta meta, byte[] content) implements Known {}

  Known lookup(String rawPath) {
    String path = normalize(rawPath);
    Entry e = entries.get(path);
    if (e != null) {
      return e.meta() == null ? new Absent() : new Present(e.meta(), e.content());
    }
    for (String tree : removedTrees) {
      if (path.startsWith(tree + "/")) {
        return new Absent();
      }
    }
    return new Unknown();
  }

  /** True when nothing has been predicted for this host yet. */
  public boolean isEmpty() {
    return entries.isEmpty() && removedTrees.isEmpty() && facts.isEmpty();
  }

  /** {@code fact} as the planned commands leave it, given what the host answers ({@code live}). */
  <T> T fact(Fact<T> fact, T live) {
    T value = live;
    for (PredictedFact p : facts) {
      value = p.after(fact, value);
    }
    return value;
  }

  /**
   * Folds the planned {@code steps} in, in order. {@code view} answers the state before each step
   * (the prediction so far over the live host); {@code owner} is asked only when a step creates
   * something without saying who owns it.
   */
  public void fold(List<Step> steps, HostState view, Supplier<NewFileOwner.Defaults> owner) {
    for (Step step : steps) {
      FileEffect.of(step).ifPresent(effect -> fold(effect, view, owner));
      if (step instanceof Step.Exec exec) {
        facts.addAll(exec.predicts());
      }
    }
  }

  /**
   * Forgets what was predicted for the paths and fact subjects {@code steps} really changed: the
   * host knows now.
   */
  public void forget(List<Step> steps) {
    for (Step step : steps) {
      if (step instanceof Step.Exec exec) {
        for (PredictedFact changed : exec.predicts()) {
          facts.removeIf(p -> p.subject().equals(changed.subject()));
        }
      }
      FileEffect.of(step)
          .ifPresent(
              effect -> {
                String path = normalize(effect.path());
                entries.keySet().removeIf(p -> p.equals(path) || p.startsWith(path + "/"));
                removedTrees.removeIf(t -> t.equals(path) || t.startsWith(path + "/"));
              });
    }
  }

  private void fold(FileEffect effect, HostState view, Supplier<NewFileOwner.Defaults> owner) {
    String path = normalize(effect.path());
    Optional<FileMeta> before = view.stat(path);
    switch (effect.kind()) {
      case WRITE -> {
        Step.Put put = effect.put();
        byte[] content = put.content();
        FileMeta meta =
            new FileMeta(
                path,
                FileMeta.Type.FILE,
                put.mode() != null ? put.mode() : before.map(FileMeta::mode).orElse(0644),
                put.owner() != null
                    ? put.owner()
                    : before.map(FileMeta::owner).orElseGet(() -> owner.get().user()),
                put.group() != null
                    ? put.group()
                    : before.map(FileMeta::group).orElseGet(() -> owner.get().group()),
                content.length);
        entries.put(path, new Entry(meta, content));
      }
      case REMOVE -> {
        entries.keySet().removeIf(p -> p.startsWith(path + "/"));
        entries.put(path, new Entry(null, null));
        removedTrees.add(path);
      }
      case MAKE_DIRECTORY -> makeDirectories(path, view, owner);
      case SET_MODE -> update(path, before, m -> withMode(m, Integer.parseInt(effect.value(), 8)));
      case SET_OWNER -> {
        String[] who = effect.value().split(":", 2);
        update(path, before, m -> withOwner(m, who[0], who.length > 1 ? who[1] : m.group()));
      }
      case SET_GROUP -> update(path, before, m -> withOwner(m, m.owner(), effect.value()));
      case LINK -> {
        NewFileOwner.Defaults who = owner.get();
        entries.put(
            path,
            new Entry(
                new FileMeta(path, FileMeta.Type.SYMLINK, 0777, who.user(), who.group(), 0), null));
      }
      case UNPACK_TREE -> {
        // the tree's entries come back as archived: only the top is known without reading it
        NewFileOwner.Defaults who = owner.get();
        removedTrees.removeIf(t -> t.equals(path));
        entries.put(
            path,
            new Entry(
                new FileMeta(
                    path, FileMeta.Type.DIRECTORY, who.directoryMode(), who.user(), who.group(), 0),
                null));
      }
    }
  }

  /** {@code mkdir -p}: the directory and each missing parent. */
  private void makeDirectories(String path, HostState view, Supplier<NewFileOwner.Defaults> owner) {
    List<String> missing = new ArrayList<>();
    for (String p = path; p != null && !p.isEmpty(); p = parent(p)) {
      if (view.stat(p).isPresent()) {
        break;
      }
      missing.add(p);
    }
    for (String p : missing) {
      NewFileOwner.Defaults who = owner.get();
      entries.put(
          p,
          new Entry(
              new FileMeta(
                  p, FileMeta.Type.DIRECTORY, who.directoryMode(), who.user(), who.group(), 0),
              null));
    }
  }

  private void update(
      String path, Optional<FileMeta> before, java.util.function.UnaryOperator<FileMeta> change) {
    if (before.isEmpty()) {
      return; // the apply's command would fail on a missing path: nothing to predict
    }
    Known known = lookup(path);
    byte[] content = known instanceof Present p ? p.content() : null;
    entries.put(path, new Entry(change.apply(before.get()), content));
  }

  private static FileMeta withMode(FileMeta m, int mode) {
    return new FileMeta(m.path(), m.type(), mode, m.owner(), m.group(), m.size());
  }

  private static FileMeta withOwner(FileMeta m, String owner, String group) {
    return new FileMeta(m.path(), m.type(), m.mode(), owner, group, m.size());
  }

  private static String parent(String path) {
    int slash = path.lastIndexOf('/');
    return slash <= 0 ? null : path.substring(0, slash);
  }

  /** {@code a//b/./c/} and {@code a/b/c} are one path; {@code ..} is resolved textually. */
  static String normalize(String path) {
    boolean absolute = path.startsWith("/");
    List<String> parts = new ArrayList<>();
    for (String part : path.split("/")) {
      if (part.isEmpty() || part.equals(".")) {
        continue;
      }
      if (part.equals("..") && !parts.isEmpty() && !parts.get(parts.size() - 1).equals("..")) {
        parts.remove(parts.size() - 1);
      } else {
        parts.add(part);
      }
    }
    String joined = String.join("/", parts);
    return absolute ? "/" + joined : joined.isEmpty() ? "." : joined;
  }
}
