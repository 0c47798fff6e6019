package io.pagetune.modules.pages;

import io.pagetune.modules.Arg;
import io.pagetune.modules.ArgSpec;
import io.pagetune.modules.ArgType;
import io.pagetune.modules.Args;
import io.pagetune.modules.FileDiff;
import io.pagetune.modules.HostState;
import io.pagetune.modules.Module;
import io.pagetune.modules.ModuleCall;
import io.pagetune.modules.Plan;
import io.pagetune.modules.Step;
import io.pagetune.pages.ElfWordSize;
import io.pagetune.pages.MpssStartserv;
import io.pagetune.pages.MpssVariant;
import io.pagetune.pages.PageFacts;
import io.pagetune.pages.PagesizeA;
import io.pagetune.pages.TextEdit;
import io.pagetune.pages.WebServerFacts;
import io.pagetune.schedule.RestartTarget;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * {@code mpss_startserv}: ensures MPSS for a Web Server 7 instance in its {@code bin/startserv}
 * (domain.md §2): the variant follows the server binary's word size and {@code pagesize -a} (256M
 * where supported, else 4M with the 4M-era library; refused when neither), the preload is appended
 * to an existing value, and the lines sit in a marked block before the server starts. Requests a
 * web server restart; never restarts it.
 */
public final class MpssStartservModule implements Module {
  private static final ArgSpec SPEC =
      ArgSpec.of(
          Arg.required("instance_dir", ArgType.STRING),
          Arg.optional("server_binary", ArgType.STRING),
          Arg.optional("block_template", ArgType.STRING),
          Arg.optional("backup", ArgType.BOOL, true));

  private final Clock clock;

  public MpssStartservModule(Clock clock) {
    this.clock = clock;
  }

  @Override
  public String name() {
    return "mpss_startserv";
  }

  @Override
  public ArgSpec spec() {
    return SPEC;
  }

  @Override
  public void validate(Args args) {
    for (String a : List.of("instance_dir", "server_binary")) {
      Optional<String> v = args.optString(a);
      if (v.isPresent() && !Templated.is(v.get()) && !v.get().startsWith("/")) {
        throw args.error(a, "must be an absolute path");
      }
    }
  }

  @Override
  public Plan plan(ModuleCall call, HostState host) {
    Args args = call.args();
    String instance = strip(args.string("instance_dir"));
    String binary =
        args.optString("server_binary").orElse(WebServerFacts.defaultServerBinary(instance));
    String startserv = instance + "/bin/startserv";
    HostFiles.Text text = HostFiles.read(host, startserv);
    if (text.problem().isPresent()) {
      return Plan.failed("mpss_startserv: " + text.problem().get());
    }
    ElfWordSize word = host.fact(ElfWordSize.fact(binary));
    PagesizeA sizes = host.fact(PageFacts.PAGE_SIZES);
    Optional<String> template = args.optString("block_template");
    TextEdit edit =
        template.isEmpty()
            ? MpssStartserv.ensure(text.text().get(), word, sizes, RunStamp.of(clock))
            : MpssStartserv.ensure(
                text.text().get(),
                word,
                sizes,
                RunStamp.of(clock),
                v -> renderBlock(call, template.get(), v));
    if (edit instanceof TextEdit.Refused r) {
      return Plan.failed("mpss_startserv: " + startserv + ": " + r.reason());
    }
    MpssVariant variant = MpssVariant.choose(word, sizes).orElseThrow();
    Optional<String> notEffective = notEffective(host, instance, variant);
    Map<String, Object> data = new LinkedHashMap<>();
    data.put("instance", instance);
    data.put("word_size", word.name().toLowerCase(Locale.ROOT));
    data.put(
        "desired",
        variant.preloadVariable() + " += " + variant.library() + ", MPSSHEAP=" + variant.heap());
    data.put("persisted", edit instanceof TextEdit.Unchanged);
    data.put("effective", notEffective.isEmpty());
    data.put("pending_restart", notEffective.isPresent());
    RestartTarget target = new RestartTarget("web_server", host.host(), instance);
    if (edit instanceof TextEdit.Unchanged u) {
      if (notEffective.isPresent()) {
        data.put(
            "msg",
            u.reason() + "; pending restart of " + target.describe() + ": " + notEffective.get());
      }
      return Plan.upToDate(
          u.reason() + (notEffective.isPresent() ? "" : " and it is effective"), data);
    }
    TextEdit.Changed c = (TextEdit.Changed) edit;
    data.put("changes", c.summary());
    return Plan.of(
            List.of(
                new Step.Put(
                    startserv,
                    c.newText().getBytes(StandardCharsets.UTF_8),
                    null,
                    null,
                    null,
                    args.bool("backup")),
                new Step.RequestRestart(
                    target, "stopserv and startserv: mpss.so.1 is preloaded when webservd starts")),
            List.of(new FileDiff(startserv, text.text().get(), c.newText())))
        .withData(data);
  }

  /**
   * The block's lines from a template that sees {@code mpss.variable}, {@code .library}, {@code
   * .heap}.
   */
  private static List<String> renderBlock(ModuleCall call, String template, MpssVariant v) {
    Map<String, Object> mpss =
        Map.of(
            "variable", v.preloadVariable(), "library", v.library(), "heap", v.heap().toString());
    String text = call.services().renderTemplate(template, Map.of("mpss", mpss));
    return text.isEmpty() ? List.of() : List.of(text.stripTrailing().split("\\R", -1));
  }

  /** Why the running webservd's heap is not in the variant's page size, if it is not. */
  static Optional<String> notEffective(HostState host, String instance, MpssVariant variant) {
    WebServerFacts w = host.fact(PageFacts.WEB_SERVERS).get(instance);
    if (w == null || w.pmap().isEmpty()) {
      return Optional.of("webservd of " + instance + " is not running");
    }
    if (!w.pmap().get().heapMostlyAt(variant.heap())) {
      return Optional.of(
          String.format(
              Locale.ROOT,
              "%.0f%% of webservd's [ heap ] in %s pages",
              w.pmap().get().heapShareAt(variant.heap()) * 100,
              variant.heap()));
    }
    return Optional.empty();
  }

  private static String strip(String dir) {
    return dir.endsWith("/") && dir.length() > 1 ? dir.substring(0, dir.length() - 1) : dir;
  }
}
