package io.pagetune.modules;

/**
 * What must restart for a change to take effect. Two requests with equal targets are one restart
 * (one SAP system restart per SID, one web server restart per instance).
 */
public record RestartTarget(Kind kind, String host, String id) {
  public enum Kind {
    SAP_SYSTEM,
    WEB_SERVER,
    DB_INSTANCE,
    SERVICE,
    REBOOT
  }

  public String describe() {
    return switch (kind) {
      case SAP_SYSTEM -> "SAP system " + id;
      case WEB_SERVER -> "web server " + id;
      case DB_INSTANCE -> "database instance " + id;
      case SERVICE -> "service " + id;
      case REBOOT -> "reboot of " + host;
    };
  }
}
