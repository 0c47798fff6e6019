package io.pagetune.modules.pages;

import io.pagetune.modules.Arg;
import io.pagetune.modules.Args;
import io.pagetune.modules.HostState;
import java.util.List;

/**
 * One target's part of {@code page_verify}: the arguments it reads and the effective-state check it
 * runs when the task asks for it. {@link PageVerifyModule} dispatches to each registered one.
 */
public interface PageVerifier {
  /** The {@code page_verify} arguments this verifier reads, in the order they are documented. */
  List<Arg> args();

  /** The arguments of which any one asks for this verification. */
  List<String> selectors();

  /** Checks this verifier's arguments before any host is contacted. */
  default void validate(Args args) {}

  /** Adds what is effective to {@code verified} and what is not to {@code problems}. */
  void verify(HostState host, Args args, List<String> problems, List<String> verified);
}
