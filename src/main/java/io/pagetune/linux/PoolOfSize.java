package io.pagetune.linux;

import io.pagetune.connection.RemoteCommand;
import io.pagetune.modules.HostState;
import io.pagetune.modules.Step;
import io.pagetune.pages.PageSize;

/**
 * The huge-page pool of one page size as a module sees it: the default size's ({@code
 * vm.nr_hugepages}, {@code HugePages_Total}) or another size's ({@link GiganticPool}: its sysfs
 * file), with the pages it holds now. The running kernel's default size and the next boot's may
 * differ ({@code default_hugepagesz=} changed and not yet booted): the pool is set live as the
 * running kernel counts it and kept for the next boot as that boot counts it ({@code
 * vm.nr_hugepages} counts pages of the next boot's default size).
 *
 * @param defaultPageBytes the running kernel's default huge page size
 * @param bootDefaultPageBytes the next boot's default huge page size ({@link
 *     BootCmdline#nextBootDefault})
 * @param live the pages the pool holds now
 */
public record PoolOfSize(
    long pageBytes, long defaultPageBytes, long bootDefaultPageBytes, long live) {

  /** The pool of {@code pageBytes}; {@code hugePagesTotal} is the default size's live count. */
  public static PoolOfSize of(
      HostState host,
      long pageBytes,
      long defaultPageBytes,
      long bootDefaultPageBytes,
      long hugePagesTotal) {
    return new PoolOfSize(
        pageBytes,
        defaultPageBytes,
        bootDefaultPageBytes,
        pageBytes == defaultPageBytes ? hugePagesTotal : new GiganticPool(pageBytes).live(host));
  }

  /** Whether this is the running kernel's default huge page size. */
  public boolean defaultPage() {
    return pageBytes == defaultPageBytes;
  }

  /** Whether this is the next boot's default size: the pool file's {@code vm.nr_hugepages}. */
  public boolean defaultAtBoot() {
    return pageBytes == bootDefaultPageBytes;
  }

  /** Where the next boot gets this pool from: the sysctl file, the kernel command line, both. */
  public PoolBootPlaces places() {
    return new PoolBootPlaces(pageBytes, bootDefaultPageBytes);
  }

  public GiganticPool gigantic() {
    return new GiganticPool(pageBytes);
  }

  /** {@code 2M}, {@code 1G}. */
  public String page() {
    return new PageSize(pageBytes).toString();
  }

  /** The target of its page state: {@code pool/hugepages}, {@code pool/hugepages-1G}. */
  public String target() {
    return defaultAtBoot() ? "pool/hugepages" : "pool/hugepages-" + page();
  }

  /** The setting that sizes it, in the kernel's words. */
  public String desired(long pages) {
    if (defaultAtBoot()) {
      return PoolFile.KEY + "=" + pages + " (" + page() + " pages)";
    }
    // the default size today, another size at boot: its pair on the command line keeps it
    return defaultPage()
        ? "hugepagesz=" + page() + " hugepages=" + pages + " (kernel command line)"
        : gigantic().sysfsPath() + "=" + pages;
  }

  /** What the kernel shows now. */
  public String liveValue() {
    return (defaultPage() ? "HugePages_Total=" : gigantic().sysfsPath() + "=")
        + live
        + " of "
        + page();
  }

  public boolean isLive(long pages) {
    return live == pages;
  }

  /** Sets the pool live: {@code sysctl -w} for the default size, the sysfs file for another. */
  public Step setLive(long pages) {
    return defaultPage()
        ? Step.Exec.of(
            RemoteCommand.argv("sysctl", "-w", PoolFile.KEY + "=" + pages),
            "set " + PoolFile.KEY + "=" + pages + " live")
        : gigantic().setLive(pages);
  }
}
