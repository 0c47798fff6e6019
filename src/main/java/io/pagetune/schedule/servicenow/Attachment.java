package io.pagetune.schedule.servicenow;

import java.util.Objects;

/** A file attached to a record, as the Attachment API lists it. */
public record Attachment(String sysId, String fileName, String createdOn) {
  public Attachment {
    Objects.requireNonNull(sysId, "sysId");
    Objects.requireNonNull(fileName, "fileName");
    createdOn = createdOn == null ? "" : createdOn;
  }
}
