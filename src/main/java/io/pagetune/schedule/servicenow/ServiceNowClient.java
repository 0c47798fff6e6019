package io.pagetune.schedule.servicenow;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.pagetune.schedule.Sleeper;
import io.pagetune.schedule.servicenow.ServiceNowException.Reason;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Reads change requests and writes work notes through the ServiceNow Table API ({@code
 * /api/now/table/change_request}), and attaches files to them through the Attachment API ({@code
 * /api/now/attachment}). 5xx answers and connection failures are retried with bounded exponential
 * backoff; 401/403 and 404 are final; a request that exceeds its timeout is not retried (a slow
 * instance should not stall the scheduler further).
 */
public final class ServiceNowClient {
  private static final String TABLE = "/api/now/table/change_request";
  private static final String ATTACHMENT = "/api/now/attachment";
  private static final String FIELDS = "number,state,start_date,end_date,sys_id";
  private static final Pattern NUMBER = Pattern.compile("[A-Z]{2,8}\\d{1,12}");
  private static final Pattern SYS_ID = Pattern.compile("[0-9a-fA-F]{32}");
  private static final DateTimeFormatter TABLE_TIME =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");

  /** Timeouts and retry policy. */
  public record Options(
      Duration connectTimeout,
      Duration requestTimeout,
      int maxAttempts,
      Duration firstBackoff,
      Duration maxBackoff) {
    public Options {
      if (maxAttempts < 1) {
        throw new IllegalArgumentException("maxAttempts must be at least 1");
      }
    }

    public static Options defaults() {
      return new Options(
          Duration.ofSeconds(10),
          Duration.ofSeconds(30),
          4,
          Duration.ofSeconds(1),
          Duration.ofSeconds(15));
    }

    public Options withRequestTimeout(Duration d) {
      return new Options(connectTimeout, d, maxAttempts, firstBackoff, maxBackoff);
    }
  }

  private final URI instance;
  private final ServiceNowHttp http;
  private final ObjectMapper json = new ObjectMapper();

  /**
   * @param instance e.g. {@code https://example.service-now.com}
   */
  public ServiceNowClient(
      URI instance, ServiceNowCredentials credentials, Options options, Sleeper sleeper) {
    this.http = new ServiceNowHttp(instance, credentials, options, sleeper);
    this.instance = http.instance();
  }

  /** The change request with this number; NOT_FOUND when the table has none. */
  public ChangeRequest changeRequest(String number) {
    if (!NUMBER.matcher(number).matches()) {
      throw new IllegalArgumentException("not a change request number: " + number);
    }
    String query =
        "sysparm_query="
            + encode("number=" + number)
            + "&sysparm_fields="
            + encode(FIELDS)
            + "&sysparm_limit=1";
    HttpRequest request = base(URI.create(instance + TABLE + "?" + query)).GET().build();
    String body = send(request, "read " + number, number);
    JsonNode result = parse(body, number).path("result");
    if (!result.isArray() || result.isEmpty()) {
      throw new ServiceNowException(Reason.NOT_FOUND, "change request not found: " + number);
    }
    return toChange(result.get(0), number);
  }

  /** Appends a work note to the change request (visible in its activity stream). */
  public void addWorkNote(String sysId, String text) {
    if (!SYS_ID.matcher(sysId).matches()) {
      throw new IllegalArgumentException("not a sys_id: " + sysId);
    }
    String payload;
    try {
      payload = json.writeValueAsString(Map.of("work_notes", text));
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot encode work note", e);
    }
    HttpRequest request =
        base(URI.create(instance + TABLE + "/" + sysId))
            .header("Content-Type", "application/json")
            .method("PATCH", HttpRequest.BodyPublishers.ofString(payload, StandardCharsets.UTF_8))
            .build();
    send(request, "add a work note to " + sysId, sysId);
  }

  /**
   * Attaches a file to the change request through the Attachment API ({@code POST
   * /api/now/attachment/file}).
   */
  public Attachment attach(String sysId, String fileName, String contentType, byte[] content) {
    checkSysId(sysId);
    String query =
        "table_name=change_request&table_sys_id="
            + encode(sysId)
            + "&file_name="
            + encode(fileName);
    HttpRequest request =
        base(URI.create(instance + ATTACHMENT + "/file?" + query))
            .header("Content-Type", contentType)
            .POST(HttpRequest.BodyPublishers.ofByteArray(content))
            .build();
    JsonNode row = parse(send(request, "attach " + fileName + " to " + sysId, sysId), sysId);
    return toAttachment(row.path("result"), fileName);
  }

  /** The change request's attachments named {@code fileName}, newest first. */
  public java.util.List<Attachment> attachments(String sysId, String fileName) {
    checkSysId(sysId);
    String query =
        "sysparm_query="
            + encode(
                "table_name=change_request^table_sys_id="
                    + sysId
                    + "^file_name="
                    + fileName
                    + "^ORDERBYDESCsys_created_on");
    HttpRequest request = base(URI.create(instance + ATTACHMENT + "?" + query)).GET().build();
    JsonNode result =
        parse(send(request, "list the attachments of " + sysId, sysId), sysId).path("result");
    java.util.List<Attachment> out = new java.util.ArrayList<>();
    for (JsonNode row : result) {
      out.add(toAttachment(row, fileName));
    }
    return out;
  }

  /** The content of an attachment ({@code GET /api/now/attachment/{sys_id}/file}). */
  public String download(Attachment attachment) {
    checkSysId(attachment.sysId());
    HttpRequest request =
        http.request(URI.create(instance + ATTACHMENT + "/" + attachment.sysId() + "/file"), "*/*")
            .GET()
            .build();
    return send(request, "read attachment " + attachment.fileName(), attachment.sysId());
  }

  private static void checkSysId(String sysId) {
    if (!SYS_ID.matcher(sysId).matches()) {
      throw new IllegalArgumentException("not a sys_id: " + sysId);
    }
  }

  private static Attachment toAttachment(JsonNode row, String fileName) {
    String id = textOrNull(row, "sys_id");
    if (id == null || !SYS_ID.matcher(id).matches()) {
      throw new ServiceNowException(
          Reason.BAD_RESPONSE, "ServiceNow sent an attachment without a sys_id for " + fileName);
    }
    String name = textOrNull(row, "file_name");
    return new Attachment(id, name == null ? fileName : name, textOrNull(row, "sys_created_on"));
  }

  private HttpRequest.Builder base(URI uri) {
    return http.request(uri);
  }

  private String send(HttpRequest request, String what, String subject) {
    return http.send(request, what, "change request not found: " + subject).body();
  }

  private JsonNode parse(String body, String subject) {
    try {
      return json.readTree(body);
    } catch (JsonProcessingException e) {
      throw new ServiceNowException(
          Reason.BAD_RESPONSE, "ServiceNow sent a body that is not JSON for " + subject);
    }
  }

  private static ChangeRequest toChange(JsonNode row, String number) {
    String stateText = field(row, "state");
    return new ChangeRequest(
        Optional.ofNullable(textOrNull(row, "number")).orElse(number),
        field(row, "sys_id"),
        ChangeState.of(stateText),
        stateText,
        time(row, "start_date", number),
        time(row, "end_date", number));
  }

  /** A field as text; with sysparm_display_value=all a field is {value, display_value}. */
  private static String field(JsonNode row, String name) {
    String t = textOrNull(row, name);
    return t == null ? "" : t;
  }

  private static String textOrNull(JsonNode row, String name) {
    JsonNode n = row.get(name);
    if (n == null || n.isNull()) {
      return null;
    }
    if (n.isObject()) {
      return n.path("value").asText("");
    }
    return n.asText();
  }

  /** Table API date-times are UTC "yyyy-MM-dd HH:mm:ss"; empty means not planned. */
  private static Optional<Instant> time(JsonNode row, String name, String number) {
    String t = field(row, name).strip();
    if (t.isEmpty()) {
      return Optional.empty();
    }
    try {
      return Optional.of(LocalDateTime.parse(t, TABLE_TIME).toInstant(ZoneOffset.UTC));
    } catch (DateTimeParseException e) {
      throw new ServiceNowException(
          Reason.BAD_RESPONSE, number + ": " + name + " '" + t + "' is not yyyy-MM-dd HH:mm:ss");
    }
  }

  private static String encode(String s) {
    return URLEncoder.encode(s, StandardCharsets.UTF_8);
  }
}
