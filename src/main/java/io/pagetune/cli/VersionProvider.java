package io.pagetune.cli;

import picocli.CommandLine;

/** The version from the jar manifest ("dev" when run from classes). */
public final class VersionProvider implements CommandLine.IVersionProvider {
  @Override
  public String[] getVersion() {
    String v = Cli.class.getPackage().getImplementationVersion();
    return new String[] {
      "pagetune " + (v == null ? "dev" : v),
      "Java " + System.getProperty("java.version") + " on " + System.getProperty("os.name")
    };
  }
}
