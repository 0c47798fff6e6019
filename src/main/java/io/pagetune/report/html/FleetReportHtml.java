package io.pagetune.report.html;

import io.pagetune.pages.PageState;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Renders a {@link FleetReport} as one self-contained HTML file: inline CSS, no script, no external
 * fonts or requests (a Content-Security-Policy forbids them), readable with JavaScript off. Filters
 * by state and group are radio buttons whose {@code :checked ~} CSS rules hide the other hosts.
 * Every value from the run is escaped; nothing in it is ever markup.
 */
public final class FleetReportHtml {
  private static final DateTimeFormatter TIME =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss 'UTC'").withZone(ZoneOffset.UTC);

  // content-visibility lets the browser skip laying out the hosts off screen until they scroll in
  // (a 1,000-host page loaded in a third of the time); the sizes are the placeholders' heights
  private static final String CSS =
      """
      body{font:14px/1.4 system-ui,sans-serif;margin:1.5em;color:#1b1f23;background:#fff}
      h1{font-size:1.4em;margin:0 0 .2em}
      .meta{color:#586069;margin:0 0 1em}
      table{border-collapse:collapse}
      td,th{border:1px solid #d0d7de;padding:.2em .5em;text-align:left;vertical-align:top}
      .summary td.n{text-align:right;font-variant-numeric:tabular-nums}
      .filters{margin:1em 0;display:flex;flex-wrap:wrap;gap:.4em 1em}
      .filters span{font-weight:600}
      .filters label{cursor:pointer;border:1px solid #d0d7de;border-radius:1em;padding:0 .6em}
      input.f{position:absolute;opacity:0;width:1px;height:1px}
      .host{border:1px solid #d0d7de;border-radius:4px;margin:.3em 0;padding:.2em .6em}
      .host{content-visibility:auto;contain-intrinsic-size:auto 2.2em}
      .host[open]{contain-intrinsic-size:auto 12em}
      .host>summary{cursor:pointer}
      .host h3{font-size:1em;margin:.6em 0 .2em}
      .badge{display:inline-block;border-radius:1em;padding:0 .6em;margin-left:.5em;font-size:.9em}
      .s-unreachable .badge,.b-unreachable{background:#ffd8d3}
      .s-refused .badge,.b-refused{background:#ffd8d3}
      .s-interrupted .badge,.b-interrupted{background:#ffd8d3}
      .s-would-change .badge,.b-would-change{background:#fff1c2}
      .s-restart-pending .badge,.b-restart-pending{background:#ddf4ff}
      .s-persisted .badge,.b-persisted{background:#ddf4ff}
      .s-effective .badge,.b-effective{background:#dafbe1}
      .groups{color:#586069;margin-left:.5em}
      pre.diff{background:#f6f8fa;padding:.4em;margin:.2em 0;white-space:pre-wrap;overflow-wrap:anywhere}
      .blockers li{color:#a40e26}
      .yes{color:#116329}.no{color:#a40e26}
      """;

  private FleetReportHtml() {}

  public static String render(FleetReport report) {
    List<String> groups = report.groups();
    Map<String, Integer> groupIndex = new HashMap<>();
    for (int i = 0; i < groups.size(); i++) {
      groupIndex.put(groups.get(i), i);
    }
    StringBuilder sb = new StringBuilder(4096 + report.hosts().size() * 1500);
    sb.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n")
        .append(
            "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none';"
                + " style-src 'unsafe-inline'\">\n")
        .append("<meta name=\"viewport\" content=\"width=device-width\">\n")
        .append("<title>pagetune fleet report: ")
        .append(Html.escape(report.title()))
        .append("</title>\n<style>\n")
        .append(CSS);
    filterRules(sb, groups.size());
    sb.append("</style></head><body>\n<h1>pagetune fleet report: ")
        .append(Html.escape(report.title()))
        .append("</h1>\n<p class=\"meta\">")
        .append(report.checkMode() ? "check mode (nothing was changed; states are predicted)" : "")
        .append(report.checkMode() ? " &middot; " : "")
        .append(report.runId().isEmpty() ? "" : "run " + Html.escape(report.runId()) + " &middot; ")
        .append("generated ")
        .append(TIME.format(report.generatedAt()))
        .append(" &middot; ")
        .append(report.hosts().size())
        .append(" hosts</p>\n");
    summary(sb, report);
    radios(sb, groups.size());
    filters(sb, report, groups);
    sb.append("<div class=\"hosts\">\n");
    for (HostReport h : report.hosts()) {
      host(sb, h, groupIndex);
    }
    sb.append("</div>\n</body></html>\n");
    return sb.toString();
  }

  private static void filterRules(StringBuilder sb, int groupCount) {
    for (HostState s : HostState.values()) {
      sb.append("#state-")
          .append(s.slug())
          .append(":checked~.hosts .host:not(.s-")
          .append(s.slug())
          .append("){display:none}\n");
      sb.append("#state-")
          .append(s.slug())
          .append(":checked~.filters label[for=state-")
          .append(s.slug())
          .append("]{background:#0969da;color:#fff}\n");
    }
    sb.append("#state-all:checked~.filters label[for=state-all]{background:#0969da;color:#fff}\n");
    sb.append("#group-all:checked~.filters label[for=group-all]{background:#0969da;color:#fff}\n");
    for (int i = 0; i < groupCount; i++) {
      sb.append("#group-")
          .append(i)
          .append(":checked~.hosts .host:not(.g-")
          .append(i)
          .append("){display:none}\n#group-")
          .append(i)
          .append(":checked~.filters label[for=group-")
          .append(i)
          .append("]{background:#0969da;color:#fff}\n");
    }
  }

  private static void summary(StringBuilder sb, FleetReport report) {
    sb.append("<table class=\"summary\"><thead><tr><th>hosts by state</th><th>count</th></tr>")
        .append("</thead><tbody>\n");
    report
        .counts()
        .forEach(
            (state, n) ->
                sb.append("<tr id=\"count-")
                    .append(state.slug())
                    .append("\"><td><span class=\"badge b-")
                    .append(state.slug())
                    .append("\">")
                    .append(state.label())
                    .append("</span></td><td class=\"n\">")
                    .append(n)
                    .append("</td></tr>\n"));
    sb.append("</tbody></table>\n");
  }

  // the radio buttons come first: the CSS reaches the filters and hosts after them with ~
  private static void radios(StringBuilder sb, int groupCount) {
    sb.append("<input class=\"f\" type=\"radio\" name=\"state\" id=\"state-all\" checked>");
    for (HostState s : HostState.values()) {
      sb.append("<input class=\"f\" type=\"radio\" name=\"state\" id=\"state-")
          .append(s.slug())
          .append("\">");
    }
    sb.append("\n<input class=\"f\" type=\"radio\" name=\"group\" id=\"group-all\" checked>");
    for (int i = 0; i < groupCount; i++) {
      sb.append("<input class=\"f\" type=\"radio\" name=\"group\" id=\"group-")
          .append(i)
          .append("\">");
    }
    sb.append('\n');
  }

  private static void filters(StringBuilder sb, FleetReport report, List<String> groups) {
    sb.append("<div class=\"filters\"><span>state:</span><label for=\"state-all\">all (")
        .append(report.hosts().size())
        .append(")</label>");
    report
        .counts()
        .forEach(
            (state, n) -> {
              if (n > 0) {
                sb.append("<label for=\"state-")
                    .append(state.slug())
                    .append("\">")
                    .append(state.label())
                    .append(" (")
                    .append(n)
                    .append(")</label>");
              }
            });
    if (!groups.isEmpty()) {
      sb.append("</div>\n<div class=\"filters\"><span>group:</span>")
          .append("<label for=\"group-all\">all</label>");
      for (int i = 0; i < groups.size(); i++) {
        sb.append("<label for=\"group-")
            .append(i)
            .append("\">")
            .append(Html.escape(groups.get(i)))
            .append("</label>");
      }
    }
    sb.append("</div>\n");
  }

  private static void host(StringBuilder sb, HostReport h, Map<String, Integer> groupIndex) {
    sb.append("<details class=\"host s-").append(h.state().slug());
    for (String g : h.groups()) {
      sb.append(" g-").append(groupIndex.get(g));
    }
    sb.append("\" data-host=\"")
        .append(Html.escape(h.name()))
        .append("\" data-state=\"")
        .append(h.state().slug())
        .append("\"")
        .append(h.state() == HostState.EFFECTIVE ? "" : " open")
        .append("><summary><strong>")
        .append(Html.escape(h.name()))
        .append("</strong><span class=\"badge\">")
        .append(h.state().label())
        .append("</span>");
    if (!h.groups().isEmpty()) {
      sb.append("<span class=\"groups\">")
          .append(Html.escape(String.join(", ", h.groups())))
          .append("</span>");
    }
    sb.append("</summary>\n");
    if (!h.blockers().isEmpty()) {
      sb.append("<h3>blockers</h3><ul class=\"blockers\">");
      h.blockers().forEach(b -> sb.append("<li>").append(Html.escape(b)).append("</li>"));
      sb.append("</ul>\n");
    }
    pages(sb, h);
    h.benefit()
        .ifPresent(
            b ->
                sb.append("<h3>benefit probe</h3><p class=\"benefit\">")
                    .append(Html.escape(b))
                    .append("</p>\n"));
    if (!h.restarts().isEmpty()) {
      sb.append("<h3>restarts</h3><ul class=\"restarts\">");
      h.restarts().forEach(r -> sb.append("<li>").append(Html.escape(r)).append("</li>"));
      sb.append("</ul>\n");
    }
    tasks(sb, h);
    sb.append("</details>\n");
  }

  /** The host's page state table, or the note saying why there is none. */
  private static void pages(StringBuilder sb, HostReport h) {
    if (h.pages().isEmpty()) {
      h.pagesNote()
          .ifPresent(
              n ->
                  sb.append("<h3>page state</h3><p class=\"facts\">")
                      .append(Html.escape(n))
                      .append("</p>\n"));
    } else {
      sb.append("<h3>page state</h3>");
      h.pagesNote()
          .ifPresent(n -> sb.append("<p class=\"facts\">").append(Html.escape(n)).append("</p>"));
      sb.append(
          "<table class=\"pages\"><tr><th>target</th><th>desired</th>"
              + "<th>persisted</th><th>effective</th><th>pending restart</th><th>why</th></tr>\n");
      for (PageState p : h.pages()) {
        sb.append("<tr><td>")
            .append(Html.escape(p.target()))
            .append("</td><td>")
            .append(Html.escape(p.desired().isEmpty() ? "-" : p.desired()))
            .append("</td>");
        flag(sb, p.persisted(), p.persistedValue());
        flag(sb, p.effective(), p.effectiveValue());
        sb.append("<td>").append(p.pendingRestart() ? "yes" : "no").append("</td><td>");
        sb.append(Html.escape(String.join("; ", p.reasons()))).append("</td></tr>\n");
      }
      sb.append("</table>\n");
    }
  }

  /** The host's task lines, each with its diffs. */
  private static void tasks(StringBuilder sb, HostReport h) {
    if (!h.tasks().isEmpty()) {
      sb.append("<h3>tasks</h3><table class=\"tasks\">");
      for (TaskLine t : h.tasks()) {
        sb.append("<tr><td>")
            .append(Html.escape(t.status()))
            .append("</td><td>")
            .append(Html.escape(t.task()))
            .append("</td><td>")
            .append(Html.escape(t.message()));
        for (String d : t.diffs()) {
          sb.append("<pre class=\"diff\">").append(Html.escape(d)).append("</pre>");
        }
        sb.append("</td></tr>\n");
      }
      sb.append("</table>\n");
    }
  }

  private static void flag(StringBuilder sb, boolean yes, String value) {
    sb.append("<td class=\"")
        .append(yes ? "yes" : "no")
        .append("\">")
        .append(yes ? "yes" : "no")
        .append(value.isEmpty() ? "" : " (" + Html.escape(value) + ")")
        .append("</td>");
  }
}
