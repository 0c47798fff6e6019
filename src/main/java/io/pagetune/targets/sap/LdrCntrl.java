package io.pagetune.targets.sap;

import io.pagetune.pages.PageSize;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;

/**
 * The value of the AIX/PASE {@code LDR_CNTRL} variable: {@code @}-separated options such as {@code
 * MAXDATA=0x80000000@DATAPSIZE=64K}. Options are kept in order and verbatim; only the {@code
 * *PSIZE} ones are interpreted.
 */
record LdrCntrl(List<Option> options) {
  /** The four page-size options of domain.md §1.1, in the order the SAP note lists them. */
  public static final List<String> PSIZE_OPTIONS =
      List.of("DATAPSIZE", "TEXTPSIZE", "STACKPSIZE", "SHMPSIZE");

  public LdrCntrl {
    options = List.copyOf(options);
  }

  /** One option; {@code bare} when it has no {@code =} at all (e.g. {@code %(LDR_CNTRL)}). */
  record Option(String name, String value, boolean bare) {
    static Option parse(String token) {
      int eq = token.indexOf('=');
      return eq < 0
          ? new Option(token.strip(), "", true)
          : new Option(token.substring(0, eq).strip(), token.substring(eq + 1).strip(), false);
    }

    boolean sameName(String other) {
      return name.equalsIgnoreCase(other);
    }

    @Override
    public String toString() {
      return bare ? name : name + "=" + value;
    }
  }

  public static LdrCntrl parse(String value) {
    List<Option> out = new ArrayList<>();
    for (String token : value.strip().split("@")) {
      if (!token.isBlank()) {
        out.add(Option.parse(token));
      }
    }
    return new LdrCntrl(out);
  }

  /** {@code DATAPSIZE=64K@TEXTPSIZE=64K@STACKPSIZE=64K@SHMPSIZE=64K}. */
  public static LdrCntrl allPageSizes(PageSize size) {
    return new LdrCntrl(
        PSIZE_OPTIONS.stream().map(n -> new Option(n, size.toString(), false)).toList());
  }

  public Optional<String> option(String name) {
    return options.stream().filter(o -> o.sameName(name)).map(Option::value).findFirst();
  }

  /**
   * These options with {@code desired} applied: an option already present is changed in place, a
   * missing one is appended; every other option (MAXDATA…) stays as it was.
   */
  public LdrCntrl mergedWith(LdrCntrl desired) {
    List<Option> out = new ArrayList<>(options);
    for (Option d : desired.options) {
      int first = -1;
      for (int i = 0; i < out.size(); i++) {
        if (out.get(i).sameName(d.name())) {
          if (first < 0) {
            out.set(i, d);
            first = i;
          } else {
            // a repeated option would leave the loader's choice unclear: keep one
            out.remove(i--);
          }
        }
      }
      if (first < 0) {
        out.add(d);
      }
    }
    return new LdrCntrl(out);
  }

  /**
   * True when every desired option is present, each time it appears, with an equivalent value (64K
   * equals 65536).
   */
  public boolean satisfies(LdrCntrl desired) {
    for (Option d : desired.options) {
      List<Option> have = options.stream().filter(o -> o.sameName(d.name())).toList();
      if (have.isEmpty()) {
        return false;
      }
      for (Option h : have) {
        if (!equivalent(d.name(), h.value(), d.value())) {
          return false;
        }
      }
    }
    return true;
  }

  private static boolean equivalent(String name, String a, String b) {
    if (isPsize(name)) {
      Optional<PageSize> pa = PageSize.parse(a);
      Optional<PageSize> pb = PageSize.parse(b);
      if (pa.isPresent() && pb.isPresent()) {
        return pa.get().equals(pb.get());
      }
    }
    return a.equals(b);
  }

  private static boolean isPsize(String name) {
    return PSIZE_OPTIONS.contains(name.toUpperCase(Locale.ROOT));
  }

  /**
   * Violations of the AIX page-size rules (domain.md §1.1): 4K and 64K everywhere, 16M for data,
   * text and shared memory, 16G for shared memory only. Empty when valid.
   */
  public List<String> problems() {
    List<String> out = new ArrayList<>();
    for (Option o : options) {
      if (!isPsize(o.name())) {
        continue;
      }
      String name = o.name().toUpperCase(Locale.ROOT);
      Optional<PageSize> size = PageSize.parse(o.value());
      if (size.isEmpty()) {
        out.add(o.name() + ": '" + o.value() + "' is not a page size");
      } else if (!allowed(name).contains(size.get())) {
        out.add(o.name() + "=" + o.value() + ": AIX allows only " + allowed(name) + " here");
      }
    }
    return out;
  }

  private static Set<PageSize> allowed(String name) {
    if (name.equals("STACKPSIZE")) {
      return Set.of(PageSize.SIZE_4K, PageSize.SIZE_64K);
    }
    if (name.equals("SHMPSIZE")) {
      return Set.of(PageSize.SIZE_4K, PageSize.SIZE_64K, PageSize.SIZE_16M, PageSize.SIZE_16G);
    }
    return Set.of(PageSize.SIZE_4K, PageSize.SIZE_64K, PageSize.SIZE_16M);
  }

  public String render() {
    return String.join("@", options.stream().map(Option::toString).toList());
  }

  @Override
  public String toString() {
    return render();
  }
}
