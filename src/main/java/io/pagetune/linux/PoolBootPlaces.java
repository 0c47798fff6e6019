package io.pagetune.linux;

/**
 * Where the next boot gets one size's pool from, decided once for every module that writes it
 * (kernel Documentation/admin-guide/mm/hugetlbpage.rst): {@code vm.nr_hugepages} sizes the pool of
 * the default size ({@code default_hugepagesz=}, else the architecture's), so only that size's pool
 * is kept in the sysctl file; a {@code hugepages=} after {@code hugepagesz=} reserves that size's
 * pool on the kernel command line, which another size's pool needs, and so does a gigantic (1 GiB)
 * default size's pool, since gigantic pages cannot be reliably allocated once memory is in use: its
 * pair on the command line reserves it, and the same count in sysctl keeps a leftover assignment
 * from shrinking it later in the boot. Whichever module or task order writes a size's pool, it is
 * kept in the same places with the same count.
 *
 * @param pageBytes the pool's page size
 * @param bootDefaultPageBytes the next boot's default huge page size
 */
public record PoolBootPlaces(long pageBytes, long bootDefaultPageBytes) {
  private static final long GIGANTIC = 1L << 30;

  /** Whether the pool file's {@code vm.nr_hugepages} keeps it. */
  public boolean sysctl() {
    return pageBytes == bootDefaultPageBytes;
  }

  /** Whether its {@code hugepagesz= hugepages=} pair on the kernel command line keeps it. */
  public boolean commandLine() {
    return !sysctl() || pageBytes >= GIGANTIC;
  }
}
