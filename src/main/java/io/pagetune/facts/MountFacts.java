package io.pagetune.facts;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code ansible_mounts} as Ansible's hardware facts list them. Linux: {@code /etc/mtab} (else
 * {@code /proc/mounts}, proc(5)) entries of a device path or {@code host:/export}, octal escapes
 * undone, {@code ,bind} added where {@code findmnt} shows a bind mount, the UUID from {@code lsblk}
 * (else {@code udevadm}, else {@code N/A}) and the sizes of statvfs(3) through {@code stat -f}.
 * Solaris: every {@code /etc/mnttab} entry (mnttab(4)) with its {@code time}, sized by {@code df
 * -g}.
 */
final class MountFacts {
  private static final String SCRIPT =
      "case \"`uname -s`\" in\n"
          + "Linux) m=/etc/mtab; [ -e $m ] || m=/proc/mounts\n"
          + "  sed 's/^/mtab /' $m\n"
          + "  lsblk --list --noheadings --paths --output NAME,UUID --exclude 2 | sed 's/^/lsblk /'\n"
          + "  findmnt --list --noheadings --notruncate | sed 's/^/findmnt /'\n"
          + "  while read -r dev mnt fs rest; do\n"
          + "    case \"$dev\" in /*|\\\\*|*:/*) ;; *) continue;; esac\n"
          + "    [ \"$fs\" = none ] && continue\n"
          + "    p=$(printf '%s' \"$mnt\" | sed 's/\\\\\\([0-7][0-7][0-7]\\)/\\\\0\\1/g')\n"
          + "    p=$(printf '%b' \"$p\")\n"
          + "    s=$(stat -f -c '%S %s %b %a %c %d' \"$p\"); echo \"statvfs $mnt $s\"\n"
          + "    u=$(udevadm info --query property --name \"$dev\" | sed -n 's/^ID_FS_UUID=//p')\n"
          + "    echo \"udev $dev $u\"\n"
          + "  done < $m;;\n"
          + "SunOS) sed 's/^/mnttab /' /etc/mnttab\n"
          + "  cut -f2 /etc/mnttab | while read -r mnt; do\n"
          + "    echo \"dfg $mnt\"; o=$(df -g \"$mnt\" | tr '\\n' ' '); echo \"dfgout $o\"; done;;\n"
          + "esac\n"
          + "exit 0";

  static final Fact<List<Map<String, Object>>> FACT =
      new SimpleFact<>("mounts", SCRIPT, r -> parse(r.stdout()));

  private static final Pattern OCTAL = Pattern.compile("\\\\([0-7]{3})");
  private static final Pattern DF_G =
      Pattern.compile(
          "(\\d+) (block size|frag size|total blocks|free blocks|available|total files|free"
              + " files)");

  private MountFacts() {}

  static List<Map<String, Object>> parse(String stdout) {
    Map<String, List<String>> tagged = new LinkedHashMap<>();
    for (String line : stdout.split("\n")) {
      int sp = line.indexOf(' ');
      if (sp > 0) {
        tagged
            .computeIfAbsent(line.substring(0, sp), k -> new ArrayList<>())
            .add(line.substring(sp + 1));
      }
    }
    return tagged.containsKey("mnttab") ? solaris(tagged) : linux(tagged);
  }

  private static List<Map<String, Object>> linux(Map<String, List<String>> t) {
    Map<String, String> uuids = new HashMap<>();
    for (String l : t.getOrDefault("lsblk", List.of())) {
      String[] f = l.strip().split("\\s+");
      if (f.length >= 2) {
        uuids.putIfAbsent(f[0], f[f.length - 1]);
      }
    }
    Map<String, String> udev = new HashMap<>();
    for (String l : t.getOrDefault("udev", List.of())) {
      int sp = l.indexOf(' ');
      if (sp > 0 && !l.substring(sp + 1).isBlank()) {
        udev.putIfAbsent(l.substring(0, sp), l.substring(sp + 1).strip());
      }
    }
    Set<String> binds = new HashSet<>();
    for (String l : t.getOrDefault("findmnt", List.of())) {
      String[] f = l.strip().split("\\s+");
      if (f.length >= 2 && f[1].endsWith("]")) {
        binds.add(f[0]);
      }
    }
    Map<String, String> statvfs = new HashMap<>();
    for (String l : t.getOrDefault("statvfs", List.of())) {
      int sp = l.indexOf(' ');
      if (sp > 0) {
        statvfs.putIfAbsent(unescape(l.substring(0, sp)), l.substring(sp + 1));
      }
    }
    List<Map<String, Object>> out = new ArrayList<>();
    for (String l : t.getOrDefault("mtab", List.of())) {
      String[] f = l.strip().split("\\s+");
      if (f.length < 4) {
        continue;
      }
      String device = unescape(f[0]);
      String mount = unescape(f[1]);
      String fstype = unescape(f[2]);
      String options = unescape(f[3]);
      boolean pathLike = device.startsWith("/") || device.startsWith("\\") || device.contains(":/");
      if (!pathLike || fstype.equals("none")) {
        continue;
      }
      if (binds.contains(mount) && !options.matches(".*bind.*\"")) {
        options += ",bind";
      }
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("mount", mount);
      m.put("device", device);
      m.put("fstype", fstype);
      m.put("options", options);
      m.putAll(linuxSizes(statvfs.get(mount)));
      m.put("uuid", uuids.getOrDefault(device, udev.getOrDefault(f[0], "N/A")));
      out.add(m);
    }
    return out;
  }

  /** {@code stat -f -c '%S %s %b %a %c %d'}: f_frsize f_bsize f_blocks f_bavail f_files f_ffree. */
  private static Map<String, Object> linuxSizes(String stat) {
    String[] v = stat == null ? new String[0] : stat.strip().split("\\s+");
    if (v.length != 6) {
      return Map.of();
    }
    try {
      long[] n = new long[6];
      for (int i = 0; i < 6; i++) {
        n[i] = Long.parseLong(v[i]);
      }
      return sizes(n[0], n[1], n[2], n[3], n[4], n[5]);
    } catch (NumberFormatException e) {
      return Map.of();
    }
  }

  /** The statvfs fields as Ansible's get_mount_size names them. */
  private static Map<String, Object> sizes(
      long frsize, long bsize, long blocks, long bavail, long files, long favail) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("size_total", frsize * blocks);
    m.put("size_available", frsize * bavail);
    m.put("block_size", bsize);
    m.put("block_total", blocks);
    m.put("block_available", bavail);
    m.put("block_used", blocks - bavail);
    m.put("inode_total", files);
    m.put("inode_available", favail);
    m.put("inode_used", files - favail);
    return m;
  }

  private static List<Map<String, Object>> solaris(Map<String, List<String>> t) {
    Map<String, Map<String, Object>> sizes = new HashMap<>();
    List<String> dfg = t.getOrDefault("dfg", List.of());
    // each "dfg <mount>" line is followed by its df -g output joined on one "dfgout" line
    List<String> dfgOut = t.getOrDefault("dfgout", List.of());
    for (int i = 0; i < dfg.size() && i < dfgOut.size(); i++) {
      Map<String, Long> v = new HashMap<>();
      Matcher m = DF_G.matcher(dfgOut.get(i));
      while (m.find()) {
        v.putIfAbsent(m.group(2), Long.parseLong(m.group(1)));
      }
      if (v.size() == 7) {
        sizes.put(
            dfg.get(i).strip(),
            sizes(
                v.get("frag size"),
                v.get("block size"),
                v.get("total blocks"),
                v.get("available"),
                v.get("total files"),
                v.get("free files")));
      }
    }
    List<Map<String, Object>> out = new ArrayList<>();
    for (String l : t.get("mnttab")) {
      String[] f = l.split("\t", -1);
      if (f.length < 5) {
        continue;
      }
      Map<String, Object> m = new LinkedHashMap<>();
      m.put("mount", f[1]);
      m.put("device", f[0]);
      m.put("fstype", f[2]);
      m.put("options", f[3]);
      m.put("time", f[4]);
      m.putAll(sizes.getOrDefault(f[1], Map.of()));
      out.add(m);
    }
    return out;
  }

  private static String unescape(String s) {
    return OCTAL
        .matcher(s)
        .replaceAll(
            r -> Matcher.quoteReplacement(String.valueOf((char) Integer.parseInt(r.group(1), 8))));
  }
}
