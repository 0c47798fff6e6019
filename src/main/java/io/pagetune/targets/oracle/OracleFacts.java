package io.pagetune.targets.oracle;

import io.pagetune.facts.Fact;
import io.pagetune.linux.LinuxBootConfig;
import io.pagetune.linux.Meminfo;
import io.pagetune.linux.ThpMode;
import io.pagetune.pages.PageFactSection;
import io.pagetune.pages.PageFacts;
import io.pagetune.pages.ScriptFact;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The Oracle-on-Linux page facts: memory and HugePages, THP, boot configuration, SysV shm. */
final class OracleFacts implements PageFactSection {
  public static final Fact<Meminfo> MEMINFO = Meminfo.PAGES;
  public static final Fact<ThpMode> THP =
      new ScriptFact<>(
          "pages_thp",
          PageFacts.only("Linux", ThpMode.fact().script()),
          r -> ThpMode.parse(r.stdout()));
  public static final Fact<LinuxBootConfig> BOOT_CONFIG = LinuxBootConfig.PAGES;
  public static final Fact<IpcsShm> IPCS =
      new ScriptFact<>(
          "pages_ipcs", PageFacts.only("Linux", "ipcs -m"), r -> IpcsShm.parse(r.stdout()));

  @Override
  public List<Fact<?>> facts() {
    return List.of(MEMINFO, THP, BOOT_CONFIG, IPCS);
  }

  @Override
  public void summarize(Map<String, Object> gathered, Map<String, Object> out) {
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
  }
}
