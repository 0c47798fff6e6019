package io.pagetune.modules;

import io.pagetune.error.InputException;
import io.pagetune.error.SourceLocation;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * Controller services for module tests. It renders nothing itself (FreeMarker belongs to the
 * template package): a template, an expression or an interpolation answers only what the test
 * registered, and anything else fails loudly.
 */
public final class StubServices implements TaskServices {
  private final Path localFiles;
  private final Map<String, String> templates = new HashMap<>();
  private final Map<String, Boolean> tests = new HashMap<>();
  private final Map<String, String> interpolations = new HashMap<>();

  /**
   * @param localFiles the directory that {@code copy: src=} paths are relative to
   */
  public StubServices(Path localFiles) {
    this.localFiles = localFiles;
  }

  public StubServices template(String src, String rendered) {
    templates.put(src, rendered);
    return this;
  }

  public StubServices expression(String expression, boolean value) {
    tests.put(expression, value);
    return this;
  }

  public StubServices interpolation(String text, String value) {
    interpolations.put(text, value);
    return this;
  }

  @Override
  public String renderTemplate(String src) {
    String text = templates.get(src);
    if (text == null) {
      throw new InputException(location(), "template not found: " + src);
    }
    return text;
  }

  @Override
  public byte[] readLocalFile(String src) {
    try {
      return Files.readAllBytes(localFiles.resolve(src));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public boolean test(String expression) {
    Boolean value = tests.get(expression);
    if (value == null) {
      throw new IllegalStateException("the test did not register expression " + expression);
    }
    return value;
  }

  @Override
  public String interpolate(String text) {
    String value = interpolations.get(text);
    if (value == null) {
      throw new InputException(location(), "undefined: " + text);
    }
    return value;
  }

  @Override
  public SourceLocation location() {
    return new SourceLocation("test.yml", 1, 1);
  }
}
