package io.pagetune.targets.solaris;

import io.pagetune.pages.PageSize;
import java.util.Optional;

/**
 * What a startserv makes the server start with, as the platform computes it: the preload list of
 * the server's word size and the exported {@code MPSSHEAP}.
 *
 * @param preload the effective preload list
 * @param heap the exported {@code MPSSHEAP} value, if any
 * @param preloadOk an mpss.so.1 of the server's word size is in the list
 * @param heapOk {@code MPSSHEAP} is the desired size
 */
record MpssPersisted(
    StartservPreload preload, Optional<String> heap, boolean preloadOk, boolean heapOk) {

  public static MpssPersisted of(StartservScript script, ElfWordSize word, PageSize desiredHeap) {
    StartservPreload p = StartservPreload.of(script, word);
    Optional<String> heap = script.environment("MPSSHEAP");
    boolean heapOk = heap.flatMap(PageSize::parse).filter(desiredHeap::equals).isPresent();
    return new MpssPersisted(p, heap, p.preloadsMpss(word), heapOk);
  }

  public boolean ok() {
    return preloadOk && heapOk;
  }

  /** {@code LD_PRELOAD_64=/usr/lib/64/libumem.so /usr/lib/sparcv9/mpss.so.1; MPSSHEAP=256M}. */
  public String describe() {
    return preload.describe() + "; MPSSHEAP=" + heap.orElse("(not set)");
  }
}
