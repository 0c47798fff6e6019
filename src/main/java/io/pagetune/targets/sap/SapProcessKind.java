package io.pagetune.targets.sap;

import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What an SAP process is, from the name the platform gives it. On IBM i PASE the programs keep
 * their own names ({@code disp+work}, {@code msg_server}, {@code enserver}); on AIX and other Unix
 * sapstart starts them through links named {@code <xx>.sap<SID>_<INSTANCE>} ({@code dw.sapPRD_D10},
 * {@code ms.sapPRD_ASCS00}, {@code en.sapPRD_ASCS00}, {@code er.sapPRD_ERS20}); enqueue server 2
 * and its replicator run as {@code enq_server} and {@code enq_replicator}.
 */
enum SapProcessKind {
  SAPSTARTSRV("sapstartsrv"),
  SAPSTART("sapstart"),
  DISPATCHER("dispatcher"),
  WORK_PROCESS("work process"),
  JAVA("Java (jstart)"),
  MESSAGE_SERVER("message server"),
  ENQUEUE_SERVER("enqueue server"),
  ENQUEUE_REPLICATOR("enqueue replicator"),
  GATEWAY("gateway"),
  ICM("ICM"),
  IGS("IGS"),
  OTHER("other");

  private static final Pattern SAPSTART_LINK =
      Pattern.compile("([a-z]{2})\\.sap([A-Z][A-Z0-9]{2})_([A-Z]+[0-9]{2})");

  private final String label;

  SapProcessKind(String label) {
    this.label = label;
  }

  /** How a report names the kind. */
  public String label() {
    return label;
  }

  /** The kind of a program name (the last path element of the command). */
  public static SapProcessKind of(String program) {
    Matcher link = SAPSTART_LINK.matcher(program);
    if (link.matches()) {
      return ofLinkPrefix(link.group(1));
    }
    String p = program.toLowerCase(Locale.ROOT);
    return switch (p) {
      case "sapstartsrv" -> SAPSTARTSRV;
      case "sapstart" -> SAPSTART;
      case "disp+work" -> DISPATCHER;
      case "jstart", "jcontrol", "jlaunch" -> JAVA;
      case "msg_server" -> MESSAGE_SERVER;
      case "enserver", "enq_server" -> ENQUEUE_SERVER;
      case "enrepserver", "enq_replicator" -> ENQUEUE_REPLICATOR;
      case "gwrd" -> GATEWAY;
      case "icman" -> ICM;
      case "igswd_mt", "igsmux_mt", "igspw_mt" -> IGS;
      default -> OTHER;
    };
  }

  private static SapProcessKind ofLinkPrefix(String prefix) {
    return switch (prefix) {
      case "dw" -> DISPATCHER;
      case "jc", "jl" -> JAVA;
      case "ms" -> MESSAGE_SERVER;
      case "en" -> ENQUEUE_SERVER;
      case "er" -> ENQUEUE_REPLICATOR;
      case "gw" -> GATEWAY;
      case "ic" -> ICM;
      case "ig" -> IGS;
      default -> OTHER;
    };
  }

  /** The SID and instance a sapstart link name carries ({@code PRD}, {@code D10}), if it is one. */
  public static Optional<String[]> linkInstance(String program) {
    Matcher link = SAPSTART_LINK.matcher(program);
    return link.matches()
        ? Optional.of(new String[] {link.group(2), link.group(3)})
        : Optional.empty();
  }

  /** Processes that sapstart starts with the instance's SETENV variables, so the change reaches. */
  public boolean startedWithProfileEnvironment() {
    return this != SAPSTARTSRV && this != OTHER;
  }
}
