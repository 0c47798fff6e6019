package io.pagetune.targets.sap;

import io.pagetune.connection.ShellQuote;
import io.pagetune.facts.Fact;
import io.pagetune.pages.ScriptFact;
import java.util.Comparator;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A SAP kernel release (e.g. 753) and patch level (e.g. 1112). */
record SapKernelVersion(int release, int patch) implements Comparable<SapKernelVersion> {
  // anchored at line start so "kernel patch number" does not match "patch number"
  private static final Pattern RELEASE =
      Pattern.compile("^\\s*kernel release\\s+(\\d+)\\s*$", Pattern.MULTILINE);
  private static final Pattern PATCH =
      Pattern.compile("^\\s*patch number\\s+(\\d+)\\s*$", Pattern.MULTILINE);
  private static final Pattern KERNEL_PATCH =
      Pattern.compile("^\\s*kernel patch number\\s+(\\d+)\\s*$", Pattern.MULTILINE);
  private static final Pattern VERSION_INFO = Pattern.compile("(?<!\\d)(\\d{3}), patch (\\d+)");

  /** From the output of {@code disp+work -version}; empty when release or patch is missing. */
  public static Optional<SapKernelVersion> fromDispWorkVersion(String output) {
    Matcher r = RELEASE.matcher(output);
    Matcher p = PATCH.matcher(output);
    if (!r.find()) {
      return Optional.empty();
    }
    if (!p.find()) {
      p = KERNEL_PATCH.matcher(output);
      if (!p.find()) {
        return Optional.empty();
      }
    }
    return parseInts(r.group(1), p.group(1));
  }

  /** From one VersionInfo string: {@code 753, patch 1112, changelist …}. */
  public static Optional<SapKernelVersion> fromVersionInfo(String versionInfo) {
    Matcher m = VERSION_INFO.matcher(versionInfo);
    return m.find() ? parseInts(m.group(1), m.group(2)) : Optional.empty();
  }

  /**
   * From {@code sapcontrol -function GetVersionInfo} (list or script format): the disp+work row
   * when there is one, else the lowest version listed (the conservative choice for a minimum).
   */
  public static Optional<SapKernelVersion> fromGetVersionInfo(String output) {
    Optional<SapKernelVersion> lowest = Optional.empty();
    String previous = "";
    for (String line : output.split("\\R")) {
      Optional<SapKernelVersion> v = fromVersionInfo(line);
      if (v.isEmpty()) {
        previous = line;
        continue;
      }
      // list format: "<file>, 753, patch …"; script format: "N Filename: …" on the line before
      if (line.contains("disp+work") || previous.contains("disp+work")) {
        return v;
      }
      if (lowest.isEmpty() || v.get().compareTo(lowest.get()) < 0) {
        lowest = v;
      }
      previous = line;
    }
    return lowest;
  }

  private static Optional<SapKernelVersion> parseInts(String release, String patch) {
    try {
      return Optional.of(new SapKernelVersion(Integer.parseInt(release), Integer.parseInt(patch)));
    } catch (NumberFormatException e) {
      return Optional.empty();
    }
  }

  /** {@code disp+work -version} run as {@code sidadm} through its login shell. */
  public static Fact<Optional<SapKernelVersion>> dispWorkFact(String sidadm) {
    return new ScriptFact<>(
        "sap_kernel_version_" + sidadm,
        "su - " + ShellQuote.quote(sidadm) + " -c 'disp+work -version'",
        r -> fromDispWorkVersion(r.stdout()));
  }

  /** {@code sapcontrol -nr NN -function GetVersionInfo}; exit code ignored, the text decides. */
  public static Fact<Optional<SapKernelVersion>> versionInfoFact(String instanceNr) {
    if (!instanceNr.matches("\\d{2}")) {
      throw new IllegalArgumentException("instance number must be two digits: " + instanceNr);
    }
    return new ScriptFact<>(
        "sap_version_info_" + instanceNr,
        "sapcontrol -nr " + instanceNr + " -function GetVersionInfo",
        r -> fromGetVersionInfo(r.stdout()));
  }

  @Override
  public int compareTo(SapKernelVersion o) {
    return Comparator.comparingInt(SapKernelVersion::release)
        .thenComparingInt(SapKernelVersion::patch)
        .compare(this, o);
  }

  /** {@code 7.53 PL 1112}. */
  @Override
  public String toString() {
    String r = Integer.toString(release);
    String dotted = r.length() == 3 ? r.charAt(0) + "." + r.substring(1) : r;
    return dotted + " PL " + patch;
  }
}
