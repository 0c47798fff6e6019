package io.pagetune.executor;

import java.util.AbstractList;
import java.util.List;
import java.util.RandomAccess;
import java.util.function.Supplier;

/**
 * A list computed when it is first read, then fixed: what a task's variables hold for the play's
 * host lists. Each task of each host gets them, but almost no task reads them, and building them up
 * front cost a pass over the whole play per host and task (at 5,000 hosts, 150,000 lists of 5,000
 * names per play). Every read of one instance sees the same snapshot.
 */
final class FirstReadList<T> extends AbstractList<T> implements RandomAccess {
  private final Supplier<List<T>> source;
  private List<T> taken;

  FirstReadList(Supplier<List<T>> source) {
    this.source = source;
  }

  private synchronized List<T> taken() {
    if (taken == null) {
      taken = List.copyOf(source.get());
    }
    return taken;
  }

  @Override
  public T get(int index) {
    return taken().get(index);
  }

  @Override
  public int size() {
    return taken().size();
  }
}
