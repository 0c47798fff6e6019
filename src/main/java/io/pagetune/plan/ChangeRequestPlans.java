package io.pagetune.plan;

import io.pagetune.schedule.servicenow.Attachment;
import io.pagetune.schedule.servicenow.ChangeRequest;
import io.pagetune.schedule.servicenow.ChangeState;
import io.pagetune.schedule.servicenow.ServiceNowClient;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;

/**
 * A plan and the ServiceNow change request that approves it: the saved plan's report and digest are
 * attached to the change and its summary added as a work note; an apply runs only a plan whose
 * digest is the one attached to the change, and only while the change is in Implement.
 */
public final class ChangeRequestPlans {
  /** The attachment that holds the approved plan's digest. */
  public static final String DIGEST_FILE = "pagetune-plan.sha256";

  private final ServiceNowClient client;

  public ChangeRequestPlans(ServiceNowClient client) {
    this.client = client;
  }

  /** Attaches the report and the digest to change {@code number} and notes the summary. */
  public void attach(String number, SavedPlan plan, PlanAttachmentReport report) {
    ChangeRequest change = client.changeRequest(number);
    client.attach(change.sysId(), report.fileName(plan), report.contentType(), report.render(plan));
    client.attach(
        change.sysId(),
        DIGEST_FILE,
        "text/plain",
        (plan.digest() + "\n").getBytes(StandardCharsets.UTF_8));
    client.addWorkNote(
        change.sysId(),
        "pagetune plan "
            + plan.digest()
            + " attached by "
            + plan.createdBy()
            + " ("
            + report.fileName(plan)
            + "): "
            + PlanText.summary(plan));
  }

  /**
   * Why {@code plan} may not be applied under change {@code number}, or empty when it may: the
   * change is in Implement and the newest digest attached to it is the plan's.
   */
  public Optional<String> refusal(String number, SavedPlan plan) {
    ChangeRequest change = client.changeRequest(number);
    if (change.state() != ChangeState.IMPLEMENT) {
      return Optional.of(
          number
              + " is "
              + change.state().display()
              + ": a plan is applied only while its change is in Implement");
    }
    List<Attachment> digests = client.attachments(change.sysId(), DIGEST_FILE);
    if (digests.isEmpty()) {
      return Optional.of(
          number + " has no " + DIGEST_FILE + " attached: the board approved no pagetune plan");
    }
    String approved = client.download(digests.get(0)).strip();
    if (!approved.equals(plan.digest())) {
      return Optional.of(
          number + " approved plan " + approved + ", not this plan (" + plan.digest() + ")");
    }
    return Optional.empty();
  }
}
