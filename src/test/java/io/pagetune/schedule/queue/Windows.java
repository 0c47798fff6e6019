package io.pagetune.schedule.queue;

import java.time.Instant;
import java.util.List;

/** A gate over fixed [start, end) windows: runs inside one, else waits for the next opening. */
record Windows(List<Instant[]> windows) implements WindowGate {
  static Windows of(Instant... bounds) {
    List<Instant[]> list = new java.util.ArrayList<>();
    for (int i = 0; i < bounds.length; i += 2) {
      list.add(new Instant[] {bounds[i], bounds[i + 1]});
    }
    return new Windows(List.copyOf(list));
  }

  @Override
  public GateDecision decide(RestartIntent intent, Instant now) {
    for (Instant[] w : windows) {
      if (!now.isBefore(w[0]) && now.isBefore(w[1])) {
        return GateDecision.runNow("window open until " + w[1]);
      }
    }
    for (Instant[] w : windows) {
      if (w[0].isAfter(now)) {
        return GateDecision.waitUntil(w[0], "next window opens " + w[0]);
      }
    }
    return GateDecision.stop("no window left");
  }
}
