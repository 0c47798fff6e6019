package io.pagetune.targets.solaris;

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
import io.pagetune.modules.pages.HostFiles;
import io.pagetune.modules.pages.RunStamp;
import io.pagetune.modules.pages.Templated;
import io.pagetune.pages.PageFacts;
import io.pagetune.pages.PageSize;
import io.pagetune.pages.PageState;
import io.pagetune.pages.PagesizeA;
import io.pagetune.pages.TextEdit;
import io.pagetune.schedule.RestartTarget;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * {@code mpss_startserv}: ensures MPSS for a Web Server 7 instance in its {@code bin/startserv}
 * (domain.md §2, §5a): the variant follows the server's word size ({@code <platform>} of
 * server.xml, else the binary) and {@code pagesize -a} (256M where supported, else 4M with the
 * 4M-era library; refused when neither); mpss.so.1 joins the preload list ld.so.1 really uses for
 * that word size, keeping every library already preloaded, before the line that starts the server
 * on its normal path; a hand-made setup counts and a wrong {@code MPSSHEAP} is corrected in place.
 * The plan reports the instance's {@link PageState}. Requests a web server restart; never restarts
 * it.
 */
final class MpssStartservModule implements Module {
  private static final ArgSpec SPEC =
      ArgSpec.of(
              Arg.required("instance_dir", ArgType.STRING)
                  .describe("The Web Server 7 instance directory (its bin/startserv is edited)."),
              Arg.optional("server_binary", ArgType.STRING)
                  .describe(
                      "The server binary whose word size decides the variant; default the instance's own."),
              Arg.optional("block_template", ArgType.STRING)
                  .describe("A template for the MPSS block instead of the built-in one."),
              Arg.optional("backup", ArgType.BOOL, true)
                  .describe("Keep timestamped copies of the files it replaces."))
          .documented(
              "Ensures MPSS large heap pages for a Solaris Web Server 7 instance in its startserv, and requests its restart.",
              "- name: MPSS for the web server\n  mpss_startserv:\n    instance_dir: /opt/webserver7/https-www\n");

  private static final String MPSS_CONF = "/etc/mpss.conf";

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
    String startserv = instance + "/bin/startserv";
    HostFiles.Text text = HostFiles.read(host, startserv);
    if (text.problem().isPresent()) {
      return Plan.failed("mpss_startserv: " + text.problem().get());
    }
    WordSize word = wordSize(host, args, instance, text.text().get());
    if (word.problem().isPresent()) {
      return Plan.failed("mpss_startserv: " + word.problem().get());
    }
    PagesizeA sizes = host.fact(PageFacts.PAGE_SIZES);
    Optional<String> template = args.optString("block_template");
    TextEdit edit =
        template.isEmpty()
            ? MpssStartserv.ensure(text.text().get(), word.size(), sizes, RunStamp.of(clock))
            : MpssStartserv.ensure(
                text.text().get(),
                word.size(),
                sizes,
                RunStamp.of(clock),
                b -> renderBlock(call, template.get(), b));
    if (edit instanceof TextEdit.Refused r) {
      return Plan.failed("mpss_startserv: " + startserv + ": " + r.reason());
    }
    MpssVariant variant = MpssVariant.choose(word.size(), sizes).orElseThrow();
    Optional<String> conf = mpssConfOverride(host, word.binary(), variant);
    if (conf.isPresent()) {
      return Plan.failed("mpss_startserv: " + conf.get());
    }
    MpssPersisted persisted = MpssStartserv.persisted(text.text().get(), word.size(), variant);
    Optional<String> notEffective = notEffective(host, instance, variant);
    boolean pending = notEffective.isPresent();
    PageState state = pageState(host, instance, variant, persisted, notEffective);
    Map<String, Object> data = new LinkedHashMap<>();
    data.put("instance", instance);
    data.put("word_size", word.size().name().toLowerCase(Locale.ROOT));
    data.put("word_size_from", word.source());
    data.put("desired", variant.describe());
    data.put("persisted", persisted.ok());
    data.put("effective", notEffective.isEmpty());
    data.put("pending_restart", pending);
    RestartTarget target = new RestartTarget(SolarisTarget.WEB_SERVER, host.host(), instance);
    if (edit instanceof TextEdit.Unchanged u) {
      if (notEffective.isPresent()) {
        data.put(
            "msg",
            u.reason() + "; pending restart of " + target.describe() + ": " + notEffective.get());
      }
      return Plan.upToDate(
              u.reason() + (notEffective.isPresent() ? "" : " and it is effective"), data)
          .withPageStates(List.of(state));
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
        .withData(data)
        .withPageStates(List.of(state));
  }

  /** The instance's page state: what its startserv persists beside what the server runs with. */
  private static PageState pageState(
      HostState host,
      String instance,
      MpssVariant variant,
      MpssPersisted persisted,
      Optional<String> notEffective) {
    List<String> reasons = new ArrayList<>();
    if (!persisted.preloadOk()) {
      reasons.add(
          "the server's preload list ("
              + persisted.preload().describe()
              + ") has no mpss.so.1 of its word size");
    }
    if (!persisted.heapOk()) {
      reasons.add(
          "MPSSHEAP is " + persisted.heap().orElse("not exported") + ", not " + variant.heap());
    }
    notEffective.ifPresent(reasons::add);
    return new PageState(
        "web/" + instance.substring(instance.lastIndexOf('/') + 1),
        variant.describe(),
        persisted.ok(),
        persisted.describe(),
        notEffective.isEmpty(),
        effectiveValue(host, instance),
        notEffective.isPresent(),
        reasons);
  }

  /** The server's word size and where it was read, or why it cannot be read. */
  private record WordSize(
      ElfWordSize size, String source, String binary, Optional<String> problem) {}

  /**
   * {@code /etc/mpss.conf} overrides MPSSHEAP for the programs it names (mpss.so.1(1)): an entry
   * for webservd with another heap size would make any startserv edit moot.
   */
  private static Optional<String> mpssConfOverride(
      HostState host, String binary, MpssVariant variant) {
    HostFiles.Text text = HostFiles.readOrEmpty(host, MPSS_CONF);
    if (text.problem().isPresent()) {
      return text.problem();
    }
    return MpssConf.parse(text.text().get())
        .entryFor(binary)
        .filter(e -> PageSize.parse(e.heap()).filter(variant.heap()::equals).isEmpty())
        .map(
            e ->
                MPSS_CONF
                    + ":"
                    + e.line()
                    + ": entry "
                    + e.execName()
                    + " sets the heap of webservd to '"
                    + e.heap()
                    + "', which overrides MPSSHEAP="
                    + variant.heap()
                    + ": change or remove it by hand");
  }

  /**
   * The word size the platform starts the server with: {@code <platform>} of {@code
   * config/server.xml} when set (startserv's parsexml reads it), else the ELF class of the binary
   * ({@code server_binary}, or {@code lib/webservd} of the install root startserv names).
   */
  private static WordSize wordSize(HostState host, Args args, String instance, String startserv) {
    String xmlPath = instance + "/config/server.xml";
    HostFiles.Text xml = HostFiles.readOrEmpty(host, xmlPath);
    if (xml.problem().isPresent()) {
      return new WordSize(ElfWordSize.UNKNOWN, xmlPath, "", xml.problem());
    }
    OptionalInt platform = Ws7ServerXml.platform(xml.text().get());
    String root = installRoot(instance, startserv);
    if (platform.isPresent()) {
      return new WordSize(
          Ws7ServerXml.wordSize(platform),
          xmlPath + " <platform>" + platform.getAsInt() + "</platform>",
          root + (platform.getAsInt() == 64 ? "/lib/sparcv9/webservd" : "/lib/webservd"),
          Optional.empty());
    }
    String binary = args.optString("server_binary").orElse(root + "/lib/webservd");
    return new WordSize(
        host.fact(ElfWordSize.fact(binary)), "ELF class of " + binary, binary, Optional.empty());
  }

  /** The install root startserv names ({@code SERVER_INSTALL_ROOT}), else the parent dir. */
  static String installRoot(String instance, String startserv) {
    StartservScript s = StartservScript.read(startserv.lines().toList());
    for (String v : List.of("SERVER_INSTALL_ROOT", "SERVER_ROOT")) {
      String root = s.values().getOrDefault(v, "");
      if (root.startsWith("/")) {
        return root.replaceAll("/+$", "");
      }
    }
    return WebServerFacts.defaultServerBinary(instance).replaceAll("/lib/webservd$", "");
  }

  /**
   * The block's lines from a template that sees {@code mpss.variable}, {@code .library}, {@code
   * .heap}, {@code .seed}, {@code .preload}, {@code .set_heap} and {@code .export_heap}.
   */
  private static List<String> renderBlock(ModuleCall call, String template, MpssBlock b) {
    Map<String, Object> mpss = new LinkedHashMap<>();
    mpss.put("variable", b.variable());
    mpss.put("library", b.library());
    mpss.put("heap", b.heap().toString());
    mpss.put("seed", String.join(" ", b.seed()));
    mpss.put("preload", b.preload());
    mpss.put("set_heap", b.setHeap());
    mpss.put("export_heap", b.exportHeap());
    String text = call.services().renderTemplate(template, Map.of("mpss", mpss));
    return text.isBlank() ? List.of() : List.of(text.stripTrailing().split("\\R", -1));
  }

  /**
   * Why the instance's worker webservd does not run with its heap in the variant's page size, if it
   * does not: the instance's own processes are judged (matched by their {@code -d
   * <instance>/config}), never another instance's, and a stopped instance is not running.
   */
  static Optional<String> notEffective(HostState host, String instance, MpssVariant variant) {
    WebServerFacts w = host.fact(SolarisFacts.WEB_SERVERS).get(instance);
    if (w == null || !w.running()) {
      return Optional.of(instance + " is not running");
    }
    if (w.worker().isEmpty()) {
      return Optional.of(instance + " has no worker webservd running (" + w.heapState() + ")");
    }
    if (w.pmap().isEmpty()) {
      return Optional.of("pmap of the worker webservd " + w.worker().get().pid() + " unreadable");
    }
    if (!w.pmap().get().heapMostlyAt(variant.heap())) {
      return Optional.of(
          String.format(
              Locale.ROOT,
              "%.0f%% of the worker webservd's (pid %s) [ heap ] in %s pages",
              w.pmap().get().heapShareAt(variant.heap()) * 100,
              w.worker().get().pid(),
              variant.heap()));
    }
    return Optional.empty();
  }

  private static String effectiveValue(HostState host, String instance) {
    WebServerFacts w = host.fact(SolarisFacts.WEB_SERVERS).get(instance);
    return w == null ? "not running" : w.heapState();
  }

  private static String strip(String dir) {
    return dir.endsWith("/") && dir.length() > 1 ? dir.substring(0, dir.length() - 1) : dir;
  }
}
