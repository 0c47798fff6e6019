package io.pagetune.targets.postgres;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * One mapping of a process, from {@code /proc/<pid>/smaps}: its address range, permissions and
 * path, the page size the kernel maps it with ({@code KernelPageSize}) and how much of it sits in
 * huge pages ({@code Shared_Hugetlb} + {@code Private_Hugetlb}).
 */
record SmapsMapping(
    String range, String perms, String path, long sizeKb, long kernelPageSizeKb, long hugetlbKb) {

  public boolean shared() {
    return perms.contains("s");
  }

  public boolean inHugePages() {
    return kernelPageSizeKb > 4;
  }

  /** {@code 3242 MB in 2048 kB pages, Hugetlb 8192 kB (/anon_hugepage (deleted))}. */
  public String describe() {
    return (sizeKb / 1024)
        + " MB in "
        + kernelPageSizeKb
        + " kB pages"
        + (hugetlbKb > 0 ? ", Hugetlb " + hugetlbKb + " kB" : "")
        + " ("
        + (path.isEmpty() ? "anonymous" : path)
        + ")";
  }

  /**
   * The postmaster's main shared memory: its largest shared mapping. PostgreSQL maps it as one
   * anonymous shared region ({@code /dev/zero (deleted)} in 4 kB pages, {@code /anon_hugepage
   * (deleted)} in huge pages); its System V and DSM segments are small.
   */
  public static Optional<SmapsMapping> mainSharedMemory(String smaps) {
    return parse(smaps).stream()
        .filter(SmapsMapping::shared)
        .max(Comparator.comparingLong(SmapsMapping::sizeKb));
  }

  /** Every mapping in the order smaps lists them. */
  public static List<SmapsMapping> parse(String smaps) {
    List<SmapsMapping> out = new ArrayList<>();
    String[] header = null;
    long size = 0;
    long kps = 0;
    long hugetlb = 0;
    for (String line : smaps.split("\n", -1)) {
      if (line.matches("^[0-9a-f]+-[0-9a-f]+ .*")) {
        if (header != null) {
          out.add(mapping(header, size, kps, hugetlb));
        }
        header = line.strip().split("\\s+", 6);
        size = 0;
        kps = 0;
        hugetlb = 0;
      } else if (header != null) {
        OptionalLong v = kb(line);
        if (v.isEmpty()) {
          continue;
        }
        if (line.startsWith("Size:")) {
          size = v.getAsLong();
        } else if (line.startsWith("KernelPageSize:")) {
          kps = v.getAsLong();
        } else if (line.startsWith("Shared_Hugetlb:") || line.startsWith("Private_Hugetlb:")) {
          hugetlb += v.getAsLong();
        }
      }
    }
    if (header != null) {
      out.add(mapping(header, size, kps, hugetlb));
    }
    return List.copyOf(out);
  }

  private static SmapsMapping mapping(String[] f, long size, long kps, long hugetlb) {
    return new SmapsMapping(
        f[0], f.length > 1 ? f[1] : "", f.length == 6 ? f[5] : "", size, kps, hugetlb);
  }

  private static OptionalLong kb(String line) {
    String[] f = line.strip().split("\\s+");
    if (f.length == 3 && f[2].equals("kB") && f[1].matches("\\d{1,15}")) {
      return OptionalLong.of(Long.parseLong(f[1]));
    }
    return OptionalLong.empty();
  }
}
