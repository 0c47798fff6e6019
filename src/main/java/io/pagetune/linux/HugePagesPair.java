package io.pagetune.linux;

import io.pagetune.pages.PageSize;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The boot reservation of one huge page size other than the default: the pair {@code hugepagesz=1G
 * hugepages=N} on the kernel command line. The pairs are positional (kernel
 * Documentation/admin-guide/mm/hugetlbpage.rst, kernel-parameters.txt): a {@code hugepages=} counts
 * for the {@code hugepagesz=} (or {@code default_hugepagesz=}) before it, or for the default size
 * when it comes first; a size given twice is ignored with its count. So only this size's pair is
 * edited: its count set in place where the kernel takes it from, later repeats of the size removed
 * (the kernel ignores them), a new pair appended; other sizes' pairs, the default-size {@code
 * hugepages=} and {@code default_hugepagesz=} stay as they are. A gigantic default size counted
 * after {@code default_hugepagesz=1G} (or by a leading {@code hugepages=}) keeps that count: a
 * {@code hugepagesz=1G} pair after it would be ignored, so none is added.
 *
 * @param pageBytes the size of the pool: another than the default, or a gigantic default size
 *     ({@link PoolBootPlaces}), whose pair follows {@code default_hugepagesz=}
 * @param pages the pages to reserve at boot
 * @param defaultPageBytes the kernel's default huge page size, for reading a command line back
 */
public record HugePagesPair(long pageBytes, long pages, long defaultPageBytes)
    implements CmdlineEdit {
  private static final String SIZE = "hugepagesz=";
  private static final String COUNT = "hugepages=";

  @Override
  public List<String> apply(List<String> words) {
    List<String> out = new ArrayList<>(words);
    Integer counting = BootCmdline.countWords(out, defaultPageBytes).get(pageBytes);
    if (counting != null && !countsForASizeWord(out, counting)) {
      // a gigantic default size counted after default_hugepagesz= (or by a leading hugepages=):
      // that count is set, and a hugepagesz= pair of the size, which the kernel ignores, goes
      out.set(counting, COUNT + pages);
      for (int i = out.size() - 1; i >= 0; i--) {
        if (isThisSize(out.get(i))) {
          int count = countOf(out, i);
          if (count >= 0) {
            out.remove(count);
          }
          out.remove(i);
        }
      }
      return out;
    }
    int first = -1;
    for (int i = 0; i < out.size(); i++) {
      if (!isThisSize(out.get(i))) {
        continue;
      }
      int count = countOf(out, i);
      if (first < 0) {
        first = i;
        if (count >= 0) {
          out.set(count, COUNT + pages);
        } else {
          out.add(i + 1, COUNT + pages);
        }
      } else {
        // a repeat of the size: the kernel ignores it and its count
        if (count >= 0) {
          out.remove(count);
        }
        out.remove(i--);
      }
    }
    if (first < 0) {
      out.add(SIZE + new PageSize(pageBytes));
      out.add(COUNT + pages);
    }
    return out;
  }

  @Override
  public boolean isIn(KernelCmdline line) {
    return reserved(line).filter(n -> n == pages).isPresent();
  }

  @Override
  public String found(KernelCmdline line) {
    return reserved(line)
        .map(n -> SIZE + new PageSize(pageBytes) + " " + COUNT + n)
        .orElse("no " + new PageSize(pageBytes) + " reservation");
  }

  @Override
  public String wanted() {
    return SIZE + new PageSize(pageBytes) + " " + COUNT + pages;
  }

  /** The pages of this size {@code line} reserves at boot, as the kernel reads it. */
  public Optional<Long> reserved(KernelCmdline line) {
    return Optional.ofNullable(BootCmdline.reservations(line, defaultPageBytes).get(pageBytes));
  }

  /** Whether the count at {@code at} is the one of a {@code hugepagesz=} word of this size. */
  private boolean countsForASizeWord(List<String> words, int at) {
    for (int i = 0; i < at; i++) {
      if (isThisSize(words.get(i)) && countOf(words, i) == at) {
        return true;
      }
    }
    return false;
  }

  private boolean isThisSize(String word) {
    return word.startsWith(SIZE)
        && PageSize.parse(word.substring(SIZE.length()))
            .filter(p -> p.bytes() == pageBytes)
            .isPresent();
  }

  /**
   * The index of the {@code hugepages=} that counts for the size word at {@code at}: the next
   * huge-page parameter, when it is a count; -1 when none does.
   */
  private static int countOf(List<String> words, int at) {
    for (int i = at + 1; i < words.size(); i++) {
      String w = words.get(i);
      if (w.startsWith(COUNT)) {
        return i;
      }
      if (w.startsWith(SIZE) || w.startsWith("default_hugepagesz=")) {
        return -1;
      }
    }
    return -1;
  }
}
