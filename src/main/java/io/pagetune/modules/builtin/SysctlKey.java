package io.pagetune.modules.builtin;

import java.util.regex.Pattern;

/**
 * The sysctl names pagetune accepts. Names are compared as written, as ansible.posix.sysctl
 * compares them: {@code vm/nr_hugepages} and {@code vm.nr_hugepages} are two names to it, though
 * the kernel reads both as one.
 */
final class SysctlKey {
  // [A-Za-z0-9_./-]+, but never starting with '-': "sysctl -n -p" would load a file into the kernel
  private static final Pattern VALID = Pattern.compile("[A-Za-z0-9_][A-Za-z0-9_./-]*");

  private SysctlKey() {}

  static boolean isValid(String name) {
    return VALID.matcher(name).matches();
  }
}
