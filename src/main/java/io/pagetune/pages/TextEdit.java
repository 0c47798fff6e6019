package io.pagetune.pages;

/** The outcome of a pure text editor: the new text, a compliant no-op, or a refusal. */
public sealed interface TextEdit {
  /** Already as desired; {@code reason} says why, for the run report. */
  record Unchanged(String reason) implements TextEdit {}

  /** The full new text and a one-line summary of what changed. */
  record Changed(String newText, String summary) implements TextEdit {}

  /** The editor will not touch the text; {@code reason} says what a human has to decide. */
  record Refused(String reason) implements TextEdit {}
}
