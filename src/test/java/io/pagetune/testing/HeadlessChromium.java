package io.pagetune.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Debian's headless Chromium driven over the DevTools protocol (a WebSocket, with the JDK's own
 * client): open a page, wait for its load event, evaluate expressions in it, see every network
 * request it makes, take a screenshot. One browser per instance, its own throw-away profile.
 */
public final class HeadlessChromium implements AutoCloseable {
  private static final Pattern LISTENING = Pattern.compile("DevTools listening on (ws://\\S+)");
  private static final Duration TIMEOUT = Duration.ofSeconds(60);

  private final ObjectMapper json = new ObjectMapper();
  private final Process process;
  private final Path profile;
  private final WebSocket page;
  private final AtomicInteger ids = new AtomicInteger();
  private final Map<Integer, CompletableFuture<JsonNode>> pending = new ConcurrentHashMap<>();
  private final List<JsonNode> events = new ArrayList<>();

  private HeadlessChromium(Process process, Path profile, WebSocket page) {
    this.process = process;
    this.profile = profile;
    this.page = page;
  }

  /** Starts Chromium ({@code chromium} on the PATH) and opens one blank page. */
  public static HeadlessChromium start() throws Exception {
    Path profile = Files.createTempDirectory("pagetune-chromium");
    Process p =
        new ProcessBuilder(
                "chromium",
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-dev-shm-usage",
                "--no-first-run",
                "--remote-debugging-port=0",
                "--user-data-dir=" + profile,
                "--window-size=1280,1024",
                "about:blank")
            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .start();
    String browserWs = null;
    BufferedReader err =
        new BufferedReader(new InputStreamReader(p.getErrorStream(), StandardCharsets.UTF_8));
    long deadline = System.nanoTime() + TIMEOUT.toNanos();
    String line;
    while (System.nanoTime() < deadline && (line = err.readLine()) != null) {
      Matcher m = LISTENING.matcher(line);
      if (m.find()) {
        browserWs = m.group(1);
        break;
      }
    }
    if (browserWs == null) {
      p.destroyForcibly();
      throw new IOException("chromium did not start its DevTools endpoint");
    }
    // keep draining stderr so Chromium never blocks on a full pipe
    Thread drain =
        new Thread(
            () -> {
              try {
                while (err.readLine() != null) {
                  // discarded: Chromium's own log noise
                }
              } catch (IOException ignored) {
                // the browser went away
              }
            });
    drain.setDaemon(true);
    drain.start();
    URI browser = URI.create(browserWs);
    String http = "http://" + browser.getHost() + ":" + browser.getPort();
    HttpClient client = HttpClient.newHttpClient();
    JsonNode target =
        new ObjectMapper()
            .readTree(
                client
                    .send(
                        java.net.http.HttpRequest.newBuilder(
                                URI.create(http + "/json/new?about:blank"))
                            .PUT(java.net.http.HttpRequest.BodyPublishers.noBody())
                            .build(),
                        java.net.http.HttpResponse.BodyHandlers.ofString())
                    .body());
    String pageWs = target.get("webSocketDebuggerUrl").asText();
    Holder holder = new Holder();
    WebSocket ws =
        client
            .newWebSocketBuilder()
            .buildAsync(URI.create(pageWs), holder)
            .get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
    HeadlessChromium chromium = new HeadlessChromium(p, profile, ws);
    holder.owner = chromium;
    return chromium;
  }

  private static final class Holder implements WebSocket.Listener {
    private final StringBuilder frame = new StringBuilder();
    private HeadlessChromium owner;

    @Override
    public CompletionStage<?> onText(WebSocket ws, CharSequence data, boolean last) {
      frame.append(data);
      if (last) {
        owner.received(frame.toString());
        frame.setLength(0);
      }
      ws.request(1);
      return null;
    }
  }

  private void received(String text) {
    try {
      JsonNode msg = json.readTree(text);
      if (msg.has("id")) {
        CompletableFuture<JsonNode> f = pending.remove(msg.get("id").asInt());
        if (f != null) {
          f.complete(msg);
        }
      } else {
        synchronized (events) {
          events.add(msg);
          events.notifyAll();
        }
      }
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  /** Sends one command and returns its {@code result}; a protocol error throws. */
  public JsonNode send(String method, Map<String, Object> params) throws Exception {
    int id = ids.incrementAndGet();
    ObjectNode msg = json.createObjectNode();
    msg.put("id", id);
    msg.put("method", method);
    msg.set("params", json.valueToTree(params));
    CompletableFuture<JsonNode> f = new CompletableFuture<>();
    pending.put(id, f);
    page.sendText(json.writeValueAsString(msg), true).get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
    JsonNode reply = f.get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
    if (reply.has("error")) {
      throw new IllegalStateException(method + ": " + reply.get("error"));
    }
    return reply.get("result");
  }

  /**
   * Opens {@code url} with network events on and waits for its load event.
   *
   * @return the wall time from the navigation command to the load event
   */
  public Duration open(String url) throws Exception {
    send("Network.enable", Map.of());
    send("Page.enable", Map.of());
    synchronized (events) {
      events.clear();
    }
    long start = System.nanoTime();
    send("Page.navigate", Map.of("url", url));
    waitFor("Page.loadEventFired");
    return Duration.ofNanos(System.nanoTime() - start);
  }

  private void waitFor(String method) throws InterruptedException {
    long deadline = System.nanoTime() + TIMEOUT.toNanos();
    synchronized (events) {
      while (events.stream().noneMatch(e -> method.equals(e.path("method").asText()))) {
        long left = TimeUnit.NANOSECONDS.toMillis(deadline - System.nanoTime());
        if (left <= 0) {
          throw new IllegalStateException("no " + method + " within " + TIMEOUT);
        }
        events.wait(left);
      }
    }
  }

  /** The URL of every request the page made since {@link #open}. */
  public List<String> requests() {
    synchronized (events) {
      return events.stream()
          .filter(e -> "Network.requestWillBeSent".equals(e.path("method").asText()))
          .map(e -> e.path("params").path("request").path("url").asText())
          .toList();
    }
  }

  /** Evaluates a JavaScript expression in the page and returns its value as JSON. */
  public JsonNode eval(String expression) throws Exception {
    JsonNode r =
        send(
            "Runtime.evaluate",
            Map.of("expression", expression, "returnByValue", true, "awaitPromise", true));
    if (r.has("exceptionDetails")) {
      throw new IllegalStateException(expression + ": " + r.get("exceptionDetails"));
    }
    return r.path("result").path("value");
  }

  /** A PNG of the page as the viewport shows it. */
  public void screenshot(Path png) throws Exception {
    JsonNode r = send("Page.captureScreenshot", Map.of("format", "png"));
    Files.createDirectories(png.toAbsolutePath().getParent());
    Files.write(png, Base64.getDecoder().decode(r.get("data").asText()));
  }

  @Override
  public void close() throws IOException {
    try {
      page.sendClose(WebSocket.NORMAL_CLOSURE, "").get(5, TimeUnit.SECONDS);
    } catch (Exception ignored) {
      // the browser is stopped below either way
    }
    process.destroy();
    try {
      if (!process.waitFor(10, TimeUnit.SECONDS)) {
        process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    try (Stream<Path> all = Files.walk(profile)) {
      all.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    }
  }
}
