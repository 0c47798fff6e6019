package io.pagetune.modules;

/** The declared type of a module argument, checked before any host is contacted. */
public enum ArgType {
  STRING,
  BOOL,
  INT,
  /** File permission bits: 0644, '0644', 420 or 'u=rw,g=r,o=r' is not supported (octal only). */
  MODE,
  LIST,
  MAP,
  /** Any YAML value, passed through after interpolation. */
  ANY,
  /** FreeMarker boolean expressions, evaluated by the module; never interpolated beforehand. */
  EXPRESSIONS
}
