package io.pagetune.executor.play;

import java.util.ArrayList;
import java.util.List;

/**
 * The current {@link WalkKey} of one host's walk through a play, kept by {@link PlayRunner} as it
 * descends. Only a host-pinned walk (one host, one thread) keeps one; the shared linear walk uses
 * {@link #NONE}, which keeps nothing, because free-strategy hosts walk it from several threads.
 */
class WalkPosition {
  /** Position steps: a play section's nodes, then the handlers flushed after them. */
  static final int NODES = 0;

  static final int FLUSH = 1;

  /** Play sections, in the order the linear strategy runs them. */
  static final int FACTS = 0;

  static final int PRE_TASKS = 1;
  static final int TASKS = 2;
  static final int POST_TASKS = 3;

  /** Keeps no position. */
  static final WalkPosition NONE =
      new WalkPosition() {
        @Override
        void enter(int step) {}

        @Override
        void at(int step) {}

        @Override
        void leave() {}

        @Override
        WalkKey key() {
          return new WalkKey(List.of());
        }
      };

  private final List<Integer> path = new ArrayList<>();

  /** Descends one level, at {@code step}. */
  void enter(int step) {
    path.add(step);
  }

  /** Moves to {@code step} on the current level. */
  void at(int step) {
    path.set(path.size() - 1, step);
  }

  /** Goes back up one level. */
  void leave() {
    path.remove(path.size() - 1);
  }

  WalkKey key() {
    return new WalkKey(path);
  }
}
