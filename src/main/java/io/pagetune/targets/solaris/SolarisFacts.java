package io.pagetune.targets.solaris;

import io.pagetune.facts.Fact;
import io.pagetune.pages.PageFactSection;
import io.pagetune.pages.PageFacts;
import io.pagetune.pages.PagesizeA;
import io.pagetune.pages.ScriptFact;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/** The Solaris web-server page facts: the kernel's word size and every web server instance. */
final class SolarisFacts implements PageFactSection {
  public static final Fact<IsainfoBits> ISAINFO =
      new ScriptFact<>(
          "pages_isainfo",
          PageFacts.only("SunOS", "isainfo -b"),
          r -> IsainfoBits.parse(r.stdout()));
  public static final Fact<Map<String, WebServerFacts>> WEB_SERVERS =
      new ScriptFact<>(
          "pages_web_servers",
          PageFacts.only("SunOS", WebServersScan.fact().script()),
          r -> WebServersScan.parse(r.stdout()));

  @Override
  public List<Fact<?>> facts() {
    return List.of(ISAINFO, WEB_SERVERS);
  }

  @Override
  @SuppressWarnings("unchecked")
  public void summarize(Map<String, Object> gathered, Map<String, Object> out) {
    IsainfoBits bits = (IsainfoBits) gathered.get(ISAINFO.name());
    if (bits != null && bits.bits().isPresent()) {
      out.put("isainfo_bits", bits.bits().getAsInt());
    }
    Map<String, WebServerFacts> web =
        (Map<String, WebServerFacts>) gathered.getOrDefault(WEB_SERVERS.name(), Map.of());
    if (web.isEmpty()) {
      return;
    }
    PagesizeA sizes = (PagesizeA) gathered.get(PageFacts.PAGE_SIZES.name());
    Map<String, Object> servers = new LinkedHashMap<>();
    for (WebServerFacts w : web.values()) {
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("word_size", w.wordSize().name().toLowerCase(Locale.ROOT));
      m.put("mpss_block", w.mpssBlock());
      // what the server will start with, by ld.so.1's precedence, as mpss_startserv computes it
      Optional<MpssVariant> variant =
          sizes == null ? Optional.empty() : MpssVariant.choose(w.wordSize(), sizes);
      if (w.startserv().isPresent() && variant.isPresent()) {
        MpssPersisted p = MpssStartserv.persisted(w.startserv().get(), w.wordSize(), variant.get());
        m.put("mpss_persisted", p.ok());
        m.put("mpss_persisted_value", p.describe());
        m.put("mpss_desired_heap", variant.get().heap().toString());
      }
      m.put("install_root", w.installRoot());
      m.put("heap", w.pmap().map(WebServersScan::heapSummary).orElse("not running"));
      m.put("worker", w.heapState());
      servers.put(w.instanceDir(), m);
    }
    out.put("web_servers", servers);
  }
}
