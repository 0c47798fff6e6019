package io.pagetune.linux;

import io.pagetune.facts.Fact;
import io.pagetune.linux.sysctl.ConfFile;
import io.pagetune.linux.sysctl.SysctlBootFiles;
import io.pagetune.linux.sysctl.SysctlPrecedence;
import io.pagetune.linux.sysctl.TunedProfile;
import io.pagetune.pages.ScriptFact;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Everything that sets huge pages, THP and memlock at boot or login on a Linux host, read in one
 * snippet: every sysctl configuration file (names, link targets and contents), limits.conf and
 * limits.d, the running and the next kernel command line ({@code /proc/cmdline}, {@code
 * /etc/default/grub}, BLS entries), the active tuned profile and the live {@code
 * vm.hugetlb_shm_group}.
 */
public record LinuxBootConfig(
    List<ConfFile> sysctl,
    List<ConfFile> limits,
    Optional<String> procCmdline,
    Optional<ConfFile> defaultGrub,
    List<ConfFile> blsEntries,
    Optional<ConfFile> tuned,
    Optional<String> tunedProfileName,
    Optional<ConfFile> tunedMain,
    Optional<String> liveShmGroup) {

  public LinuxBootConfig {
    sysctl = List.copyOf(sysctl);
    limits = List.copyOf(limits);
    blsEntries = List.copyOf(blsEntries);
  }

  public static final String DEFAULT_GRUB = "/etc/default/grub";
  public static final String BLS_DIR = "/boot/loader/entries";

  /** The snippet: the host's own files (a lab connection maps them to the lab host's). */
  public static String script() {
    return SysctlBootFiles.script(
        List.of(
            "pt_file limits " + PamLimitsPrecedence.LIMITS_CONF,
            "for f in " + PamLimitsPrecedence.LIMITS_D + "/*.conf; do pt_file limits \"$f\"; done",
            "pt_file cmdline /proc/cmdline",
            "pt_file shm-group /proc/sys/vm/hugetlb_shm_group",
            "pt_file grub " + DEFAULT_GRUB,
            "for f in " + BLS_DIR + "/*.conf; do pt_file bls \"$f\"; done"));
  }

  public static LinuxBootConfig parse(String output) {
    List<ConfFile> sysctl = new ArrayList<>();
    List<ConfFile> limits = new ArrayList<>();
    List<ConfFile> bls = new ArrayList<>();
    Optional<String> cmdline = Optional.empty();
    Optional<ConfFile> grub = Optional.empty();
    Optional<ConfFile> tuned = Optional.empty();
    Optional<String> profile = Optional.empty();
    Optional<ConfFile> tunedMain = Optional.empty();
    Optional<String> shmGroup = Optional.empty();
    String[] head = null;
    List<String> body = new ArrayList<>();
    String[] lines = output.strip().split("\n", -1);
    String mark = lines[0].strip() + " ";
    if (!mark.startsWith("@@pt") || mark.length() < 12) {
      return new LinuxBootConfig(
          sysctl, limits, cmdline, grub, bls, tuned, profile, tunedMain, Optional.empty());
    }
    List<String> all = new ArrayList<>(List.of(lines).subList(1, lines.length));
    all.add(mark + "end - -");
    for (String line : all) {
      if (!line.startsWith(mark)) {
        body.add(line);
        continue;
      }
      if (head != null && head.length == 3) {
        if (!body.isEmpty() && body.get(body.size() - 1).isEmpty()) {
          body.remove(body.size() - 1);
        }
        String text = body.isEmpty() ? "" : String.join("\n", body) + "\n";
        ConfFile f = new ConfFile(head[1], head[2], text);
        switch (head[0]) {
          case "sysctl" -> sysctl.add(f);
          case "limits" -> limits.add(f);
          case "bls" -> bls.add(f);
          case "cmdline" -> cmdline = Optional.of(text.strip());
          case "grub" -> grub = Optional.of(f);
          case "tuned" -> tuned = Optional.of(f);
          case "tuned-profile" -> profile = Optional.of(head[1]);
          case "tuned-main" -> tunedMain = Optional.of(f);
          case "shm-group" -> shmGroup = Optional.of(text.strip());
          default -> {}
        }
      }
      head = line.substring(mark.length()).split(" ", 3);
      body = new ArrayList<>();
    }
    return new LinuxBootConfig(
        sysctl, limits, cmdline, grub, bls, tuned, profile, tunedMain, shmGroup);
  }

  public SysctlPrecedence sysctlPrecedence() {
    return SysctlPrecedence.of(sysctl);
  }

  public PamLimitsPrecedence limitsPrecedence() {
    return PamLimitsPrecedence.of(limits);
  }

  /** The active tuned profile, when its tuned.conf was found. */
  public Optional<TunedProfile> tunedProfile() {
    return tuned.map(f -> new TunedProfile(tunedProfileName.orElse(""), f));
  }

  /** The part of it that decides sysctl values at boot. */
  public SysctlBootFiles sysctlBoot() {
    return new SysctlBootFiles(sysctl, tunedProfile(), tunedMain);
  }

  /** The running kernel's command line. */
  public KernelCmdline running() {
    return KernelCmdline.parse(procCmdline.orElse(""));
  }

  public static Fact<LinuxBootConfig> fact() {
    return new ScriptFact<>("linux_boot_config", script(), r -> parse(r.stdout()));
  }
}
