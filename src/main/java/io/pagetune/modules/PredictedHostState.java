package io.pagetune.modules;

import io.pagetune.connection.FileMeta;
import io.pagetune.facts.Fact;
import java.util.Optional;

/**
 * The copy-on-write view check mode plans against: files and directories as the earlier planned
 * steps would leave them ({@link HostPrediction}), the live host for everything else. Facts are the
 * host's, changed by what earlier planned commands declared ({@link PredictedFact}).
 */
public final class PredictedHostState implements HostState {
  private final HostState live;
  private final HostPrediction prediction;

  public PredictedHostState(HostState live, HostPrediction prediction) {
    this.live = live;
    this.prediction = prediction;
  }

  @Override
  public String host() {
    return live.host();
  }

  @Override
  public Optional<byte[]> read(String path) {
    HostPrediction.Known known = prediction.lookup(path);
    if (known instanceof HostPrediction.Absent) {
      return Optional.empty();
    }
    if (known instanceof HostPrediction.Present p) {
      if (p.meta().type() != FileMeta.Type.FILE) {
        return Optional.empty();
      }
      if (p.content() != null) {
        return Optional.of(p.content().clone());
      }
    }
    return live.read(path);
  }

  @Override
  public Optional<FileMeta> stat(String path) {
    HostPrediction.Known known = prediction.lookup(path);
    if (known instanceof HostPrediction.Absent) {
      return Optional.empty();
    }
    if (known instanceof HostPrediction.Present p) {
      return Optional.of(p.meta());
    }
    return live.stat(path);
  }

  @Override
  public FileSizeLimit fileSizeLimit() {
    return live.fileSizeLimit();
  }

  @Override
  public TreeBackupLimit treeBackupLimit() {
    return live.treeBackupLimit();
  }

  @Override
  public <T> T fact(Fact<T> fact) {
    return prediction.fact(fact, live.fact(fact));
  }
}
