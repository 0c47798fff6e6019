package io.pagetune.targets.solaris;

import io.pagetune.modules.Arg;
import io.pagetune.modules.ArgType;
import io.pagetune.modules.Args;
import io.pagetune.modules.HostState;
import io.pagetune.modules.pages.PageVerifier;
import io.pagetune.modules.pages.Templated;
import io.pagetune.pages.PageFacts;
import io.pagetune.pages.PageSize;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * {@code page_verify} for the Solaris web server: the {@code [ heap ]} of the worker {@code
 * webservd} mostly in the target page size.
 */
final class WebServerPageVerifier implements PageVerifier {
  @Override
  public List<Arg> args() {
    return List.of(
        Arg.optional("web_instance", ArgType.STRING)
            .describe("The Web Server 7 instance directory whose heap pages are verified."),
        Arg.optional("heap_page_size", ArgType.STRING)
            .describe("The heap page size expected; default the largest the host supports."));
  }

  @Override
  public List<String> selectors() {
    return List.of("web_instance");
  }

  @Override
  public void validate(Args args) {
    if (args.optString("heap_page_size")
        .filter(s -> !Templated.is(s) && PageSize.parse(s).isEmpty())
        .isPresent()) {
      throw args.error("heap_page_size", "must be a page size like 256M");
    }
  }

  @Override
  public void verify(HostState host, Args args, List<String> problems, List<String> verified) {
    String instance = args.string("web_instance");
    WebServerFacts w = host.fact(SolarisFacts.WEB_SERVERS).get(instance);
    if (w == null) {
      problems.add("web server instance " + instance + " not found on " + host.host());
      return;
    }
    Optional<PageSize> target =
        args.optString("heap_page_size")
            .flatMap(PageSize::parse)
            .or(
                () ->
                    MpssVariant.choose(w.wordSize(), host.fact(PageFacts.PAGE_SIZES))
                        .map(MpssVariant::heap));
    if (target.isEmpty()) {
      problems.add(instance + ": no target heap page size (neither 256M nor 4M supported)");
      return;
    }
    if (!w.running()) {
      problems.add(instance + ": not running, so its heap cannot be checked");
      return;
    }
    if (w.worker().isEmpty() || w.pmap().isEmpty()) {
      problems.add(instance + ": " + w.heapState() + ", so its heap cannot be checked");
      return;
    }
    PmapPageSizes pmap = w.pmap().get();
    String worker = "the worker webservd's (pid " + w.worker().get().pid() + ") [ heap ]";
    double share = pmap.heapShareAt(target.get());
    String pct = String.format(Locale.ROOT, "%.0f%%", share * 100);
    if (!pmap.heapMostlyAt(target.get())) {
      problems.add(
          instance
              + ": only "
              + pct
              + " of "
              + worker
              + " ("
              + pmap.heapKb()
              + " kB) is in "
              + target.get()
              + " pages");
    } else {
      verified.add(instance + ": " + pct + " of " + worker + " in " + target.get() + " pages");
    }
  }
}
