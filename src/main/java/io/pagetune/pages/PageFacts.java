package io.pagetune.pages;

import io.pagetune.facts.Fact;
import io.pagetune.facts.FactSet;
import io.pagetune.targets.oracle.IpcsShm;
import io.pagetune.targets.oracle.LinuxBootConfig;
import io.pagetune.targets.oracle.Meminfo;
import io.pagetune.targets.oracle.ThpMode;
import io.pagetune.targets.sap.ProcessPageSizes;
import io.pagetune.targets.sap.SapKernelVersion;
import io.pagetune.targets.sap.SapSystemFacts;
import io.pagetune.targets.sap.SapSystemsScan;
import io.pagetune.targets.solaris.IsainfoBits;
import io.pagetune.targets.solaris.PagesizeA;
import io.pagetune.targets.solaris.WebServerFacts;
import io.pagetune.targets.solaris.WebServersScan;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The page-size facts of a host, gathered with the base facts in the same round trip and exposed as
 * {@code ansible_facts.pages}. Each snippet checks {@code uname -s} itself, so a host only runs
 * what applies to its platform: memory, THP and ipcs on Linux; SAP systems on IBM i PASE and AIX;
 * web servers and isainfo on Solaris.
 *
 * <p>Snippets that read files by absolute path put {@link #ROOT} in front: empty on a real host,
 * the host's directory in the lab (see lab/README.md). Tools find their own way.
 */
public final class PageFacts implements FactSet {
  /** The file-system root of the host as seen by a snippet. */
  public static final String ROOT = "\"${PAGETUNE_LAB_ROOT:-}\"";

  public static final Fact<Platform> PLATFORM =
      new ScriptFact<>("pages_platform", Platform.fact().script(), r -> Platform.parse(r.stdout()));
  public static final Fact<PagesizeA> PAGE_SIZES =
      new ScriptFact<>(
          "pages_page_sizes", PagesizeA.fact().script(), r -> PagesizeA.parse(r.stdout()));
  public static final Fact<Meminfo> MEMINFO =
      new ScriptFact<>(
          "pages_meminfo", only("Linux", "cat " + ROOT + "/proc/meminfo"), r -> parse(r));
  public static final Fact<ThpMode> THP =
      new ScriptFact<>(
          "pages_thp", only("Linux", ThpMode.fact().script()), r -> ThpMode.parse(r.stdout()));
  public static final Fact<LinuxBootConfig> BOOT_CONFIG =
      new ScriptFact<>(
          "pages_boot_config",
          only("Linux", LinuxBootConfig.script()),
          r -> LinuxBootConfig.parse(r.stdout()));
  public static final Fact<IpcsShm> IPCS =
      new ScriptFact<>("pages_ipcs", only("Linux", "ipcs -m"), r -> IpcsShm.parse(r.stdout()));
  public static final Fact<Map<String, SapSystemFacts>> SAP_SYSTEMS =
      new ScriptFact<>(
          "pages_sap_systems",
          only("OS400|AIX", SapSystemsScan.fact().script()),
          r -> SapSystemsScan.parse(r.stdout()));
  public static final Fact<IsainfoBits> ISAINFO =
      new ScriptFact<>(
          "pages_isainfo", only("SunOS", "isainfo -b"), r -> IsainfoBits.parse(r.stdout()));
  public static final Fact<Map<String, WebServerFacts>> WEB_SERVERS =
      new ScriptFact<>(
          "pages_web_servers",
          only("SunOS", WebServersScan.fact().script()),
          r -> WebServersScan.parse(r.stdout()));

  private static Meminfo parse(io.pagetune.connection.CommandResult r) {
    return Meminfo.parse(r.stdout());
  }

  /** Runs {@code script} only where {@code uname -s} matches the case pattern. */
  static String only(String unamePattern, String script) {
    return "case \"$(uname -s)\" in " + unamePattern + ")\n" + script + "\n;; esac";
  }

  @Override
  public List<Fact<?>> facts() {
    return List.of(
        PLATFORM, PAGE_SIZES, MEMINFO, THP, BOOT_CONFIG, IPCS, SAP_SYSTEMS, ISAINFO, WEB_SERVERS);
  }

  @Override
  public Map<String, Object> assemble(Map<String, Object> gathered) {
    return Map.of("pages", summary(gathered));
  }

  /** The {@code ansible_facts.pages} map (also what {@code pagetune facts} prints). */
  @SuppressWarnings("unchecked")
  public static Map<String, Object> summary(Map<String, Object> gathered) {
    Map<String, Object> out = new LinkedHashMap<>();
    Platform platform = (Platform) gathered.get(PLATFORM.name());
    if (platform != null) {
      out.put("platform", platform.os().name().toLowerCase(java.util.Locale.ROOT));
      out.put("system", platform.sysname());
      out.put("release", platform.displayRelease());
    }
    PagesizeA sizes = (PagesizeA) gathered.get(PAGE_SIZES.name());
    if (sizes != null) {
      out.put("supported", sizes.sizes().stream().map(PageSize::toString).toList());
    }
    Meminfo mem = (Meminfo) gathered.get(MEMINFO.name());
    if (mem != null && mem.memTotalBytes().isPresent()) {
      Map<String, Object> hp = new LinkedHashMap<>();
      mem.hugePagesTotal().ifPresent(v -> hp.put("total", v));
      mem.hugePagesFree().ifPresent(v -> hp.put("free", v));
      mem.hugePagesRsvd().ifPresent(v -> hp.put("rsvd", v));
      mem.hugepagesizeBytes().ifPresent(v -> hp.put("page_bytes", v));
      mem.memTotalBytes().ifPresent(v -> hp.put("memtotal_bytes", v));
      out.put("hugepages", hp);
    }
    ThpMode thp = (ThpMode) gathered.get(THP.name());
    if (thp != null && thp.state() != ThpMode.State.UNREADABLE) {
      out.put("thp", thp.active().orElse("compiled out"));
    }
    IpcsShm ipcs = (IpcsShm) gathered.get(IPCS.name());
    if (ipcs != null && mem != null && mem.memTotalBytes().isPresent()) {
      out.put("shm_segments", ipcs.segments().size());
      out.put("shm_bytes", ipcs.totalBytes());
    }
    Map<String, SapSystemFacts> sap =
        (Map<String, SapSystemFacts>) gathered.getOrDefault(SAP_SYSTEMS.name(), Map.of());
    if (!sap.isEmpty()) {
      Map<String, Object> systems = new LinkedHashMap<>();
      for (SapSystemFacts s : sap.values()) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("profile_dir", s.profileDir());
        m.put("profiles", s.profiles());
        m.put("ldr_cntrl_profiles", s.profilesSettingLdrCntrl());
        m.put("kernel", s.kernel().map(SapKernelVersion::toString).orElse("unknown"));
        List<String> dw = new ArrayList<>();
        for (ProcessPageSizes p : s.processes().byProgram("disp+work")) {
          dw.add(
              String.join(
                  "/",
                  s.processes().sizeColumns().stream()
                      .map(c -> Optional.ofNullable(p.sizes().get(c)).map(PageSize::toString))
                      .map(o -> o.orElse("?"))
                      .toList()));
        }
        m.put("disp_work", dw);
        systems.put(s.sid(), m);
      }
      out.put("sap", systems);
    }
    IsainfoBits bits = (IsainfoBits) gathered.get(ISAINFO.name());
    if (bits != null && bits.bits().isPresent()) {
      out.put("isainfo_bits", bits.bits().getAsInt());
    }
    Map<String, WebServerFacts> web =
        (Map<String, WebServerFacts>) gathered.getOrDefault(WEB_SERVERS.name(), Map.of());
    if (!web.isEmpty()) {
      Map<String, Object> servers = new LinkedHashMap<>();
      for (WebServerFacts w : web.values()) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("word_size", w.wordSize().name().toLowerCase(java.util.Locale.ROOT));
        m.put("mpss_block", w.mpssBlock());
        m.put("install_root", w.installRoot());
        m.put("heap", w.pmap().map(WebServersScan::heapSummary).orElse("not running"));
        m.put("worker", w.heapState());
        servers.put(w.instanceDir(), m);
      }
      out.put("web_servers", servers);
    }
    return out;
  }
}
