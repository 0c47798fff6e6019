package io.pagetune.linux;

import io.pagetune.facts.Fact;
import io.pagetune.linux.sysctl.ConfFile;
import io.pagetune.linux.sysctl.MarkedFiles;
import io.pagetune.linux.sysctl.SysctlBootFiles;
import io.pagetune.linux.sysctl.SysctlPrecedence;
import io.pagetune.linux.sysctl.TunedProfile;
import io.pagetune.pages.ScriptFact;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Everything that sets huge pages, THP and memlock at boot or login on a Linux host, read in one
 * snippet: every sysctl configuration file (names, link targets and contents), the tuned profiles
 * boot applies, limits.conf and limits.d, the running kernel command line ({@code /proc/cmdline})
 * and what makes the next one: {@code /etc/default/grub}, BLS entries, {@code /etc/kernel/cmdline},
 * grubenv ({@code kernelopts}, {@code tuned_params}) and, where there are no BLS entries, the
 * generated {@code grub.cfg}; and the live {@code vm.hugetlb_shm_group}.
 */
public record LinuxBootConfig(
    SysctlBootFiles sysctlBoot,
    List<ConfFile> limits,
    Optional<String> procCmdline,
    Optional<ConfFile> defaultGrub,
    List<ConfFile> blsEntries,
    Optional<ConfFile> kernelCmdline,
    Optional<ConfFile> grubenv,
    Optional<ConfFile> grubCfg,
    Optional<String> liveShmGroup) {

  public LinuxBootConfig {
    limits = List.copyOf(limits);
    blsEntries = List.copyOf(blsEntries);
  }

  public static final String DEFAULT_GRUB = "/etc/default/grub";
  public static final String BLS_DIR = "/boot/loader/entries";

  /** What kernel-install (and grubby) copies into a new kernel's BLS entry. */
  public static final String KERNEL_CMDLINE = "/etc/kernel/cmdline";

  /** grub's environment block; RHEL 8 keeps the command line there as {@code kernelopts}. */
  public static final List<String> GRUBENV = List.of("/boot/grub2/grubenv", "/boot/grub/grubenv");

  /** The generated grub configuration of a host without BLS entries (Debian, RHEL 7). */
  public static final List<String> GRUB_CFG =
      List.of("/boot/grub2/grub.cfg", "/boot/grub/grub.cfg");

  /** The snippet: the host's own files (a lab connection maps them to the lab host's). */
  public static String script() {
    List<String> more = new ArrayList<>();
    more.add("pt_file limits " + PamLimitsPrecedence.LIMITS_CONF);
    more.add(
        "for f in " + PamLimitsPrecedence.LIMITS_D + "/*.conf; do pt_file limits \"$f\"; done");
    more.add("pt_file cmdline /proc/cmdline");
    more.add("pt_file shm-group /proc/sys/vm/hugetlb_shm_group");
    more.add("pt_file grub " + DEFAULT_GRUB);
    more.add("for f in " + BLS_DIR + "/*.conf; do pt_file bls \"$f\"; done");
    more.add("pt_file kernel-cmdline " + KERNEL_CMDLINE);
    GRUBENV.forEach(p -> more.add("pt_file grubenv " + p));
    GRUB_CFG.forEach(p -> more.add("pt_file grub-cfg " + p));
    return SysctlBootFiles.script(more);
  }

  public static LinuxBootConfig parse(String output) {
    List<MarkedFiles.Section> sections = MarkedFiles.parse(output);
    List<ConfFile> limits = new ArrayList<>();
    List<ConfFile> bls = new ArrayList<>();
    Optional<String> cmdline = Optional.empty();
    Optional<ConfFile> grub = Optional.empty();
    Optional<ConfFile> kernelCmdline = Optional.empty();
    Optional<ConfFile> grubenv = Optional.empty();
    Optional<ConfFile> grubCfg = Optional.empty();
    Optional<String> shmGroup = Optional.empty();
    for (MarkedFiles.Section s : sections) {
      ConfFile f = s.file();
      switch (s.kind()) {
        case "limits" -> limits.add(f);
        case "bls" -> bls.add(f);
        case "cmdline" -> cmdline = Optional.of(f.text().strip());
        case "grub" -> grub = Optional.of(f);
        case "kernel-cmdline" -> kernelCmdline = Optional.of(f);
        // the first found: a link such as /boot/grub2/grubenv -> ../efi/... is read once
        case "grubenv" -> grubenv = grubenv.or(() -> Optional.of(f));
        case "grub-cfg" -> grubCfg = grubCfg.or(() -> Optional.of(f));
        case "shm-group" -> shmGroup = Optional.of(f.text().strip());
        default -> {}
      }
    }
    return new LinuxBootConfig(
        SysctlBootFiles.of(sections),
        limits,
        cmdline,
        grub,
        bls,
        kernelCmdline,
        grubenv,
        grubCfg,
        shmGroup);
  }

  /** Every sysctl configuration file found. */
  public List<ConfFile> sysctl() {
    return sysctlBoot.sysctl();
  }

  public SysctlPrecedence sysctlPrecedence() {
    return SysctlPrecedence.of(sysctl());
  }

  public PamLimitsPrecedence limitsPrecedence() {
    return PamLimitsPrecedence.of(limits);
  }

  /** The tuned profiles boot applies, merged, when one is active. */
  public Optional<TunedProfile> tunedProfile() {
    return sysctlBoot.tunedProfile();
  }

  /** The active tuned profile names, as {@code /etc/tuned/active_profile} lists them. */
  public Optional<String> tunedProfileName() {
    return tunedProfile().map(TunedProfile::name);
  }

  public Optional<ConfFile> tunedMain() {
    return sysctlBoot.tunedMain();
  }

  /** The running kernel's command line. */
  public KernelCmdline running() {
    return KernelCmdline.parse(procCmdline.orElse(""));
  }

  /**
   * The boot configuration as the page facts gather it (one round trip with the other sections),
   * for every target that plans the pool or the kernel command line.
   */
  public static final Fact<LinuxBootConfig> PAGES =
      new ScriptFact<>(
          "pages_boot_config",
          io.pagetune.pages.PageFacts.only("Linux", script()),
          r -> parse(r.stdout()));

  public static Fact<LinuxBootConfig> fact() {
    return new ScriptFact<>("linux_boot_config", script(), r -> parse(r.stdout()));
  }
}
