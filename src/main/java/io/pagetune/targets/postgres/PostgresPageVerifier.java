package io.pagetune.targets.postgres;

import io.pagetune.modules.Arg;
import io.pagetune.modules.ArgType;
import io.pagetune.modules.Args;
import io.pagetune.modules.HostState;
import io.pagetune.modules.pages.PageVerifier;
import io.pagetune.modules.pages.Templated;
import java.util.List;
import java.util.Optional;

/**
 * {@code page_verify} for PostgreSQL: the running postmaster's main shared memory mapped in huge
 * pages, as its {@code /proc/<pid>/smaps} shows ({@code KernelPageSize} of the cluster's {@code
 * huge_page_size}, else of the kernel's default huge page size; {@code Shared_Hugetlb}).
 */
final class PostgresPageVerifier implements PageVerifier {
  @Override
  public List<Arg> args() {
    return List.of(
        Arg.optional("postgres_data_dir", ArgType.STRING)
            .describe("The PostgreSQL cluster whose shared memory pages are verified."),
        Arg.optional("postgres_bindir", ArgType.STRING)
            .describe("The directory of its postgres binary."));
  }

  @Override
  public List<String> selectors() {
    return List.of("postgres_data_dir");
  }

  @Override
  public void validate(Args args) {
    // every verifier validates every page_verify call: only a PostgreSQL one has a data directory
    if (!args.has("postgres_data_dir")) {
      return;
    }
    String d = args.string("postgres_data_dir");
    if (!Templated.is(d) && !d.startsWith("/")) {
      throw args.error("postgres_data_dir", "must be an absolute path");
    }
  }

  @Override
  public void verify(HostState host, Args args, List<String> problems, List<String> verified) {
    String dir = args.string("postgres_data_dir");
    PgClusterState pg =
        host.fact(PgClusterState.fact(dir, args.optString("postgres_bindir").orElse("")));
    if (pg.problem().isPresent()) {
      problems.add("postgres " + dir + ": " + pg.problem().get());
      return;
    }
    if (!pg.running()) {
      problems.add("postgres " + dir + ": the postmaster is not running");
      return;
    }
    // a cluster that names its page size (huge_page_size = 1GB) maps pages of that size
    long pageKb =
        PostgresConsumerSource.pageBytes(pg).orElse(pg.meminfo("Hugepagesize").orElse(0) << 10)
            >> 10;
    Optional<SmapsMapping> shm = pg.mainSharedMemory();
    String pid = "pid " + pg.postmasterPid().getAsLong();
    if (shm.isEmpty()) {
      problems.add("postgres " + dir + ": no shared mapping in the smaps of " + pid);
    } else if (pageKb <= 0 || shm.get().kernelPageSizeKb() != pageKb) {
      problems.add(
          "postgres "
              + dir
              + ": main shared memory of "
              + pid
              + " is "
              + shm.get().describe()
              + ", not in "
              + pageKb
              + " kB huge pages");
    } else {
      verified.add(
          "postgres " + dir + ": main shared memory of " + pid + " is " + shm.get().describe());
    }
  }
}
