package io.pagetune.inventory.dynamic;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.pagetune.schedule.servicenow.ServiceNowException;
import io.pagetune.schedule.servicenow.ServiceNowException.Reason;
import io.pagetune.schedule.servicenow.ServiceNowHttp;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads every row of a CMDB query through the Table API, page by page: {@code sysparm_limit} rows a
 * page, each next page where the {@code Link} header's {@code rel="next"} points (on the same
 * instance only: the credentials go nowhere else), until {@code X-Total-Count} rows are read.
 * Fields come with {@code sysparm_display_value=all}: each as {@code {value, display_value}}, a
 * reference with its {@code link} too. Rows are ordered by sys_id, so that pages do not shift.
 */
final class CmdbTable {
  private static final Pattern NEXT = Pattern.compile("<([^>]+)>\\s*;\\s*rel=\"?next\"?");

  private final ServiceNowHttp http;
  private final ObjectMapper json = new ObjectMapper();

  CmdbTable(ServiceNowHttp http) {
    this.http = http;
  }

  List<JsonNode> rows(CmdbSettings settings) {
    URI next = first(settings);
    List<JsonNode> rows = new ArrayList<>();
    OptionalLong total = OptionalLong.empty();
    String what = "read " + settings.table();
    int pages = 0;
    while (next != null) {
      HttpResponse<String> page =
          http.send(http.request(next).GET().build(), what, "no CMDB table " + settings.table());
      JsonNode result = body(page.body(), settings.table()).path("result");
      if (!result.isArray()) {
        throw new ServiceNowException(
            Reason.BAD_RESPONSE, "ServiceNow's answer for " + settings.table() + " has no result");
      }
      result.forEach(rows::add);
      total = total.isPresent() ? total : totalCount(page);
      pages++;
      next = result.isEmpty() || done(rows.size(), total) ? null : nextPage(page).orElse(null);
      if (next != null && pages > maxPages(total, settings.pageSize())) {
        throw new ServiceNowException(
            Reason.BAD_RESPONSE, "ServiceNow kept sending next pages for " + settings.table());
      }
    }
    if (total.isPresent() && rows.size() != total.getAsLong()) {
      throw new ServiceNowException(
          Reason.BAD_RESPONSE,
          "ServiceNow counted "
              + total.getAsLong()
              + " rows of "
              + settings.table()
              + " but sent "
              + rows.size()
              + " (did the table change while it was read?)");
    }
    return rows;
  }

  private URI first(CmdbSettings s) {
    String query = s.query().contains("ORDERBY") ? s.query() : join(s.query(), "ORDERBYsys_id");
    return URI.create(
        http.instance()
            + "/api/now/table/"
            + s.table()
            + "?sysparm_query="
            + encode(query)
            + "&sysparm_fields="
            + encode(String.join(",", s.fields()))
            + "&sysparm_display_value=all&sysparm_exclude_reference_link=false"
            + "&sysparm_limit="
            + s.pageSize()
            + "&sysparm_offset=0");
  }

  private static String join(String query, String order) {
    return query.isBlank() ? order : query + "^" + order;
  }

  private static boolean done(int read, OptionalLong total) {
    return total.isPresent() && read >= total.getAsLong();
  }

  private static long maxPages(OptionalLong total, int pageSize) {
    return total.isPresent() ? total.getAsLong() / pageSize + 2 : 100_000;
  }

  private static OptionalLong totalCount(HttpResponse<String> page) {
    Optional<String> h = page.headers().firstValue("X-Total-Count");
    if (h.isEmpty()) {
      return OptionalLong.empty();
    }
    try {
      return OptionalLong.of(Long.parseLong(h.get().strip()));
    } catch (NumberFormatException e) {
      throw new ServiceNowException(
          Reason.BAD_RESPONSE, "ServiceNow's X-Total-Count is not a number");
    }
  }

  /** The {@code rel="next"} link, which must stay on the instance the credentials are for. */
  private Optional<URI> nextPage(HttpResponse<String> page) {
    for (String header : page.headers().allValues("Link")) {
      Matcher m = NEXT.matcher(header);
      // a Link header lists first, prev, next and last; the next one is the one to follow
      while (m.find()) {
        URI uri = http.instance().resolve(m.group(1).strip());
        URI base = http.instance();
        if (!uri.getScheme().equals(base.getScheme())
            || !uri.getHost().equalsIgnoreCase(base.getHost())
            || uri.getPort() != base.getPort()) {
          throw new ServiceNowException(
              Reason.BAD_RESPONSE, "ServiceNow's next page points to another host; not followed");
        }
        return Optional.of(uri);
      }
    }
    return Optional.empty();
  }

  private JsonNode body(String body, String table) {
    try {
      return json.readTree(body);
    } catch (JsonProcessingException e) {
      throw new ServiceNowException(
          Reason.BAD_RESPONSE, "ServiceNow sent a body that is not JSON for " + table);
    }
  }

  private static String encode(String s) {
    return URLEncoder.encode(s, StandardCharsets.UTF_8);
  }
}
