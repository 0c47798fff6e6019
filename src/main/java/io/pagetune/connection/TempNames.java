package io.pagetune.connection;

import java.util.Objects;
import java.util.regex.Pattern;

/**
 * Names of the temp files a write of one target uses, {@code .<name>.pagetune-<hex>}, hidden and
 * next to the target so that the rename is atomic, and recognisable so that the next write to the
 * same target removes any a killed write left.
 */
public record TempNames(String targetName) {
  private static final Pattern SUFFIX = Pattern.compile("[0-9a-f]{1,32}");

  public TempNames {
    Objects.requireNonNull(targetName);
  }

  public String prefix() {
    return "." + targetName + ".pagetune-";
  }

  public String next(String hex) {
    return prefix() + hex;
  }

  public boolean isTemp(String fileName) {
    return fileName.startsWith(prefix())
        && SUFFIX.matcher(fileName.substring(prefix().length())).matches();
  }
}
