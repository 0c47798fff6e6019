package io.pagetune.linux;

import java.util.List;

/**
 * One change to the kernel command line, as {@link BootLoaderEdits} writes it into every file the
 * distribution keeps the command line in: how a line's words are edited, and how to tell whether a
 * command line (the next boot's, read back) has the change.
 */
public interface CmdlineEdit {
  /** The words with the change made. */
  List<String> apply(List<String> words);

  /** True when the kernel booted with {@code line} gets what this change sets. */
  boolean isIn(KernelCmdline line);

  /** What the kernel gets from {@code line} instead, in the command line's words. */
  String found(KernelCmdline line);

  /** What this change sets, in the command line's words. */
  String wanted();

  /**
   * {@code params} ({@code name=value}) set, every word named in {@code drop} or in {@code params}
   * removed first, so that each name is set once and last.
   */
  static CmdlineEdit params(List<String> params, List<String> drop) {
    List<String> set = List.copyOf(params);
    List<String> dropped = List.copyOf(drop);
    return new CmdlineEdit() {
      @Override
      public List<String> apply(List<String> words) {
        return BootLoaderEdits.withParams(words, set, dropped);
      }

      @Override
      public boolean isIn(KernelCmdline line) {
        return BootCmdline.has(line, set);
      }

      @Override
      public String found(KernelCmdline line) {
        return String.join(
            " ",
            set.stream()
                .map(p -> p.substring(0, p.indexOf('=')))
                .distinct()
                .flatMap(n -> line.last(n).map(v -> n + "=" + v).stream())
                .toList());
      }

      @Override
      public String wanted() {
        return String.join(" ", set);
      }
    };
  }
}
