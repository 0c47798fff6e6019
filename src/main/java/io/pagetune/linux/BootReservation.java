package io.pagetune.linux;

/**
 * The huge pages of one size the kernel command line reserves at boot, as the most any command line
 * reserves: the next boot's entries (any may be chosen) and the running kernel's. A pool planned
 * below it would be raised again by the kernel at the next boot.
 */
public final class BootReservation {
  private BootReservation() {}

  /** Pages of {@code pageBytes} reserved; {@code defaultPageBytes} is the kernel's default size. */
  public static long pages(LinuxBootConfig boot, long defaultPageBytes, long pageBytes) {
    long reserved = 0;
    for (KernelCmdline line : BootCmdline.nextBoot(boot)) {
      reserved =
          Math.max(
              reserved,
              BootCmdline.reservations(line, defaultPageBytes).getOrDefault(pageBytes, 0L));
    }
    return Math.max(
        reserved,
        BootCmdline.reservations(boot.running(), defaultPageBytes).getOrDefault(pageBytes, 0L));
  }
}
