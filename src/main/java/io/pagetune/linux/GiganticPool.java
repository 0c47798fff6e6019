package io.pagetune.linux;

import io.pagetune.connection.RemoteCommand;
import io.pagetune.modules.HostState;
import io.pagetune.modules.Step;
import io.pagetune.modules.pages.HostFiles;
import io.pagetune.pages.PageSize;
import java.util.OptionalLong;

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

  /** What the kernel command line must say to reserve {@code pages} of this size at boot. */
  public String bootParams(long pages) {
    return "hugepagesz=" + new PageSize(pageBytes) + " hugepages=" + pages;
  }

  /**
   * The pages of this size {@code cmdline} reserves at boot: the {@code hugepages=} that follows
   * {@code hugepagesz=} of this size.
   */
  public OptionalLong bootReservation(String cmdline) {
    String[] words = cmdline.strip().split("\\s+");
    OptionalLong out = OptionalLong.empty();
    for (int i = 0; i + 1 < words.length; i++) {
      if (words[i].startsWith("hugepagesz=")
          && PageSize.parse(words[i].substring("hugepagesz=".length()))
              .filter(p -> p.bytes() == pageBytes)
              .isPresent()
          && words[i + 1].matches("hugepages=\\d{1,18}")) {
        out = OptionalLong.of(Long.parseLong(words[i + 1].substring("hugepages=".length())));
      }
    }
    return out;
  }
}
