package io.pagetune.pages;

import io.pagetune.facts.Fact;
import io.pagetune.facts.FactSet;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The page-size facts of a host, gathered with the base facts in the same round trip and exposed as
 * {@code ansible_facts.pages}: the platform and its page sizes, then each registered target's
 * {@link PageFactSection} in turn (one script: the sections are concatenated, not run apart). Each
 * snippet checks {@code uname -s} itself, so a host only runs what applies to its platform.
 *
 * <p>Snippets are what a real host runs, paths read out of its files included; a rehearsal host
 * maps them itself (connection/lab).
 */
public final class PageFacts implements FactSet {
  public static final Fact<Platform> PLATFORM =
      new ScriptFact<>("pages_platform", Platform.fact().script(), r -> Platform.parse(r.stdout()));
  public static final Fact<PagesizeA> PAGE_SIZES =
      new ScriptFact<>(
          "pages_page_sizes", PagesizeA.fact().script(), r -> PagesizeA.parse(r.stdout()));

  private final List<PageFactSection> sections;

  public PageFacts(List<PageFactSection> sections) {
    this.sections = List.copyOf(sections);
  }

  /** Runs {@code script} only where {@code uname -s} matches the case pattern. */
  public static String only(String unamePattern, String script) {
    // backquotes: the test must hold in Solaris 10's Bourne shell too
    return "case \"`uname -s`\" in " + unamePattern + ")\n" + script + "\n;; esac";
  }

  @Override
  public List<Fact<?>> facts() {
    List<Fact<?>> all = new ArrayList<>(List.of(PLATFORM, PAGE_SIZES));
    sections.forEach(s -> all.addAll(s.facts()));
    return List.copyOf(all);
  }

  @Override
  public Map<String, Object> assemble(Map<String, Object> gathered) {
    return Map.of("pages", summary(gathered));
  }

  /** The {@code ansible_facts.pages} map (also what {@code pagetune facts} prints). */
  public Map<String, Object> summary(Map<String, Object> gathered) {
    Map<String, Object> out = new LinkedHashMap<>();
    Platform platform = (Platform) gathered.get(PLATFORM.name());
    if (platform != null) {
      out.put("platform", platform.os().name().toLowerCase(Locale.ROOT));
      out.put("system", platform.sysname());
      out.put("release", platform.displayRelease());
    }
    PagesizeA sizes = (PagesizeA) gathered.get(PAGE_SIZES.name());
    if (sizes != null) {
      out.put("supported", sizes.sizes().stream().map(PageSize::toString).toList());
    }
    sections.forEach(s -> s.summarize(gathered, out));
    return out;
  }
}
