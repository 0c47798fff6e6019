package io.pagetune.modules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
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

class MissingDirectoryTest {

  /** A host with a few directories and nothing else. */
  private static final class Dirs implements HostState {
    final Map<String, FileMeta> metas = new HashMap<>();

    Dirs(String... dirs) {
      for (String d : dirs) {
        metas.put(d, new FileMeta(d, FileMeta.Type.DIRECTORY, 0755, "root", "root", 0));
      }
    }

    Dirs link(String path) {
      metas.put(path, new FileMeta(path, FileMeta.Type.SYMLINK, 0777, "root", "root", 0));
      return this;
    }

    @Override
    public String host() {
      return "box";
    }

    @Override
    public Optional<byte[]> read(String path) {
      return Optional.empty();
    }

    @Override
    public Optional<FileMeta> stat(String path) {
      return Optional.ofNullable(metas.get(path));
    }

    @Override
    public <T> T fact(Fact<T> fact) {
      throw new AssertionError("no facts here");
    }
  }

  private static Step.Put put(String path) {
    return new Step.Put(path, "x\n".getBytes(StandardCharsets.UTF_8), null, null, null, false);
  }

  private static Step.Exec mkdir(String path) {
    return Step.Exec.of(RemoteCommand.argv("mkdir", "-p", "--", path), null)
        .changing(FileEffect.makeDirectory(path));
  }

  @Test
  void aWriteIntoAMissingDirectoryFailsThePlanNamingIt() {
    Plan plan = Plan.of(List.of(put("/etc/motd"), put("/etc/sysctl.d/97-pool.conf")), List.of());
    Plan refused = MissingDirectory.refuse(plan, new Dirs("/etc"), "postgres_hugepages");
    assertFalse(refused.changes(), "nothing of the plan may run, not even its first write");
    assertEquals(
        "postgres_hugepages: cannot write /etc/sysctl.d/97-pool.conf:"
            + " directory /etc/sysctl.d does not exist",
        refused.failure().orElseThrow());
  }

  @Test
  void aDirectoryAnEarlierStepMakesOrAnExistingOrLinkedOneIsFine() {
    Dirs host = new Dirs("/etc").link("/opt/app");
    Plan plan =
        Plan.of(
            List.of(mkdir("/srv/a/b"), put("/srv/a/b/c.conf"), put("/srv/a/x"), put("/opt/app/y")),
            List.of());
    assertSame(plan, MissingDirectory.refuse(plan, host, "copy"));
  }

  @Test
  void aCommandWithoutADeclaredEffectMayMakeTheDirectorySoNothingIsJudgedAfterIt() {
    Plan plan =
        Plan.of(
            List.of(
                Step.Exec.of(RemoteCommand.script("install -d /srv/new"), null),
                put("/srv/new/file")),
            List.of());
    assertSame(plan, MissingDirectory.refuse(plan, new Dirs("/etc"), "shell"));
    assertTrue(MissingDirectory.find(List.of(put("/nowhere/f")), new Dirs()).isPresent());
  }
}
