package io.pagetune.targets.sap;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * What one SAP system on an IBM i / AIX host looks like to pagetune: its profile directory and the
 * instance and start profiles in it, the kernel release and patch, {@code ps -Z} of its {@code
 * <sid>adm} processes, and the profiles this host's {@code /usr/sap/sapservices} starts (empty when
 * the host has no sapservices: then every instance is taken to run here).
 */
record SapSystemFacts(
    String sid,
    String profileDir,
    List<String> profiles,
    List<String> profilesSettingLdrCntrl,
    Optional<SapKernelVersion> kernel,
    PsPageSizes processes,
    Optional<List<String>> startedHere) {
  public SapSystemFacts {
    profiles = List.copyOf(profiles);
    profilesSettingLdrCntrl = List.copyOf(profilesSettingLdrCntrl);
    startedHere = startedHere.map(List::copyOf);
  }

  /** A host without sapservices: every instance counts as one of this host's. */
  public SapSystemFacts(
      String sid,
      String profileDir,
      List<String> profiles,
      List<String> profilesSettingLdrCntrl,
      Optional<SapKernelVersion> kernel,
      PsPageSizes processes) {
    this(sid, profileDir, profiles, profilesSettingLdrCntrl, kernel, processes, Optional.empty());
  }

  /** True when {@code profile} belongs to an instance this host starts (or nothing says). */
  public boolean startedHere(List<String> instanceFiles) {
    return startedHere.isEmpty() || instanceFiles.stream().anyMatch(startedHere.get()::contains);
  }

  /** {@code nwpadm} for NWP. */
  public static String sidadm(String sid) {
    return sid.toLowerCase(Locale.ROOT) + "adm";
  }

  /** {@code /usr/sap/NWP/SYS/profile}. */
  public static String defaultProfileDir(String sid) {
    return "/usr/sap/" + sid + "/SYS/profile";
  }

  /**
   * The profiles of {@code sid} among file names of its profile directory: instance profiles of
   * that SID (ASCS included) and legacy START_ profiles; never DEFAULT.PFL or backup copies.
   */
  public static List<String> instanceAndStartProfiles(String sid, List<String> fileNames) {
    List<String> out = new ArrayList<>();
    for (String name : fileNames) {
      Optional<SapProfileName> n = SapProfileName.parse(name.strip());
      if (n.isEmpty()) {
        continue;
      }
      boolean ours =
          n.get().kind() == SapProfileName.Kind.START
              || (n.get().kind() == SapProfileName.Kind.INSTANCE
                  && n.get().sid().filter(sid::equals).isPresent());
      if (ours) {
        out.add(name.strip());
      }
    }
    out.sort(String::compareTo);
    return out;
  }
}
