package io.pagetune.targets.oracle;

import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The THP mode Oracle documents per release (domain.md §3.5): {@code never} up to 19c, {@code
 * madvise} from 21c on UEK7 or later. Never a single hard-coded value.
 */
record ThpPolicy(String mode, String reason) {
  private static final Pattern KERNEL = Pattern.compile("^(\\d{1,4})\\.(\\d{1,4})");

  public static ThpPolicy forOracle(int release, String kernelRelease) {
    if (release <= 19) {
      return new ThpPolicy("never", "Oracle " + release + "c and earlier: THP must be disabled");
    }
    if (isUek7OrLater(kernelRelease)) {
      return new ThpPolicy(
          "madvise", "Oracle " + release + "c on UEK7 or later: madvise, as the preinstall RPM");
    }
    return new ThpPolicy(
        "never",
        "Oracle "
            + release
            + "c on kernel "
            + kernelRelease
            + ": madvise is documented for UEK7+ only, keeping never");
  }

  /** UEK7 is 5.15; UEK releases carry "uek" in {@code uname -r}. */
  public static boolean isUek7OrLater(String kernelRelease) {
    if (kernelRelease == null || !kernelRelease.contains("uek")) {
      return false;
    }
    Optional<int[]> v = version(kernelRelease);
    return v.isPresent() && (v.get()[0] > 5 || (v.get()[0] == 5 && v.get()[1] >= 15));
  }

  private static Optional<int[]> version(String kernelRelease) {
    Matcher m = KERNEL.matcher(kernelRelease);
    if (!m.find()) {
      return Optional.empty();
    }
    return Optional.of(new int[] {Integer.parseInt(m.group(1)), Integer.parseInt(m.group(2))});
  }
}
