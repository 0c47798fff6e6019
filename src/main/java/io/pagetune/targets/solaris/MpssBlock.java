package io.pagetune.targets.solaris;

import io.pagetune.pages.PageSize;
import java.util.ArrayList;
import java.util.List;

/**
 * What the pagetune block in startserv has to set, no more: the preload only when the server's
 * effective list lacks mpss.so.1, {@code MPSSHEAP} only when the script does not assign it (a wrong
 * hand-made value is corrected in place instead, never shadowed).
 *
 * @param variable the word-size preload variable ({@code LD_PRELOAD_64} or {@code LD_PRELOAD_32})
 * @param library the mpss.so.1 to add
 * @param heap the heap page size
 * @param seed the generic {@code LD_PRELOAD} entries valid for the word size: the variable starts
 *     from them when it is empty, as ld.so.1 would have used them
 * @param preload add the library to the variable
 * @param setHeap assign {@code MPSSHEAP}
 * @param exportHeap export {@code MPSSHEAP}
 */
record MpssBlock(
    String variable,
    String library,
    PageSize heap,
    List<String> seed,
    boolean preload,
    boolean setHeap,
    boolean exportHeap) {
  public MpssBlock {
    seed = List.copyOf(seed);
  }

  public boolean isEmpty() {
    return !preload && !setHeap && !exportHeap;
  }

  /**
   * The block's shell lines; Bourne-shell syntax, as Solaris 10 /bin/sh needs. The list is space
   * separated like the stock script's, and a library already in it (space or colon separated) is
   * not added twice.
   */
  public List<String> lines() {
    List<String> out = new ArrayList<>();
    String v = variable;
    if (preload) {
      if (!seed.isEmpty()) {
        out.add(v + "=\"${" + v + ":-" + String.join(" ", seed) + "}\"");
      }
      out.add("case \" $" + v + " \" in");
      out.add("*[\\ :]" + library + "[\\ :]*) ;;");
      out.add("*) " + v + "=\"${" + v + ":+$" + v + " }" + library + "\" ;;");
      out.add("esac");
      out.add("export " + v);
    }
    if (setHeap) {
      out.add("MPSSHEAP=" + heap);
    }
    if (exportHeap) {
      out.add("export MPSSHEAP");
    }
    return List.copyOf(out);
  }
}
