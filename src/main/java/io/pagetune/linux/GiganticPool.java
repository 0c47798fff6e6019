package io.pagetune.linux;

import io.pagetune.connection.RemoteCommand;
import io.pagetune.modules.HostState;
import io.pagetune.modules.Step;
import io.pagetune.modules.pages.HostFiles;

/**
 * The pool of a huge page size other than the kernel's default (1 GiB where the default is 2 MiB):
 * a separate pool, which {@code vm.nr_hugepages} does not touch. It is sized live through its sysfs
 * file and reserved at boot by the kernel command line ({@code hugepagesz=1G hugepages=N}; kernel
 * Documentation/admin-guide/mm/hugetlbpage.rst), so that a consumer that names its page size never
 * takes the default-size pool from its users.
 *
 * @param pageBytes the page size of this pool
 */
public record GiganticPool(long pageBytes) {
  /** {@code /sys/kernel/mm/hugepages/hugepages-1048576kB/nr_hugepages}. */
  public String sysfsPath() {
    return "/sys/kernel/mm/hugepages/hugepages-" + (pageBytes >> 10) + "kB/nr_hugepages";
  }

  /** The pages the pool holds now (0 when the kernel has no pool of this size). */
  public long live(HostState host) {
    String text = HostFiles.readOrEmpty(host, sysfsPath()).text().orElse("").strip();
    return text.matches("\\d{1,18}") ? Long.parseLong(text) : 0;
  }

  /** Sets the pool live through its sysfs file (the kernel allocates what it can: read it back). */
  public Step.Exec setLive(long pages) {
    return Step.Exec.of(
        RemoteCommand.argv(
            "sh", "-c", "echo \"$1\" > \"$2\"", "sh", Long.toString(pages), sysfsPath()),
        "set " + sysfsPath() + " to " + pages + " live");
  }
}
