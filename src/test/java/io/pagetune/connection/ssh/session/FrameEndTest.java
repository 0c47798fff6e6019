package io.pagetune.connection.ssh.session;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class FrameEndTest {
  private static byte[] b(String s) {
    return s.getBytes(StandardCharsets.ISO_8859_1);
  }

  @Test
  void endsAtTheTokenLineAndKeepsTheBytesBefore() {
    FrameEnd f = new FrameEnd("tok1");
    byte[] in = b("abc\n\ntok1 7\n");
    assertTrue(f.add(in, 0, in.length));
    assertEquals("abc\n", new String(f.content(), StandardCharsets.ISO_8859_1));
    assertEquals(OptionalInt.of(7), f.status());
  }

  @Test
  void tokenSplitAcrossReadsOneByteAtATime() {
    FrameEnd f = new FrameEnd("tok1");
    byte[] in = b("x\u0000\u00ff\ntok\ntok1\n");
    for (int i = 0; i < in.length - 1; i++) {
      assertFalse(f.add(in, i, 1), "ended early at " + i);
    }
    assertTrue(f.add(in, in.length - 1, 1));
    assertArrayEquals(b("x\u0000\u00ff\ntok"), f.content());
    assertEquals(OptionalInt.empty(), f.status());
  }

  @Test
  void anotherTokenOrAMissingLineEndIsNotTheEnd() {
    FrameEnd f = new FrameEnd("tok1");
    byte[] in = b("\ntok2 0\n\ntok1 3");
    assertFalse(f.add(in, 0, in.length));
    assertEquals(OptionalInt.empty(), f.status());
    assertTrue(f.add(b("\n"), 0, 1));
    assertEquals(OptionalInt.of(3), f.status());
    assertEquals("\ntok2 0\n", new String(f.content(), StandardCharsets.ISO_8859_1));
  }

  @Test
  void bytesBeforeTheBeginLineBelongToNoCommand() {
    FrameEnd f = new FrameEnd("beg1", "tok1");
    byte[] first = "leaked by a daemon\nhalf a lin".getBytes(StandardCharsets.US_ASCII);
    assertFalse(f.add(first, 0, first.length));
    assertArrayEquals(new byte[0], f.content());
    byte[] rest = "ebeg1\nmine\ntok\n\ntok1 0\n".getBytes(StandardCharsets.US_ASCII);
    assertTrue(f.add(rest, 0, rest.length));
    assertEquals("mine\ntok\n", new String(f.content(), StandardCharsets.US_ASCII));
    assertEquals(0, f.status().getAsInt());
  }
}
