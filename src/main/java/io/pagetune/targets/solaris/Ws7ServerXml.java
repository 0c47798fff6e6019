package io.pagetune.targets.solaris;

import java.util.OptionalInt;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The word size a Web Server 7 instance is configured for: {@code <platform>64</platform>} in its
 * {@code config/server.xml} makes startserv's {@code parsexml} put {@code lib/sparcv9} first, so
 * {@code lib/sparcv9/webservd} runs; without it {@code lib/webservd} runs and its ELF class
 * decides. Comments are skipped.
 */
final class Ws7ServerXml {
  private static final Pattern COMMENT = Pattern.compile("<!--.*?-->", Pattern.DOTALL);
  private static final Pattern PLATFORM = Pattern.compile("<platform>\\s*(32|64)\\s*</platform>");

  private Ws7ServerXml() {}

  public static OptionalInt platform(String serverXml) {
    Matcher m = PLATFORM.matcher(COMMENT.matcher(serverXml).replaceAll(""));
    return m.find() ? OptionalInt.of(Integer.parseInt(m.group(1))) : OptionalInt.empty();
  }

  /** 64 or 32 from the platform; UNKNOWN when not set. */
  public static ElfWordSize wordSize(OptionalInt platform) {
    if (platform.isEmpty()) {
      return ElfWordSize.UNKNOWN;
    }
    return platform.getAsInt() == 64 ? ElfWordSize.BITS_64 : ElfWordSize.BITS_32;
  }
}
