package io.pagetune.playbook;

/**
 * Which host a task runs on, when that is not simply the host it is for.
 *
 * @param runOnce {@code run_once}: only the first host of the batch runs it; its result is given to
 *     every host of the batch
 * @param delegateTo {@code delegate_to}: {@code localhost} (the task runs over the local connection
 *     with the host's variables), or null
 */
public record TaskHosts(boolean runOnce, String delegateTo) {
  public static final TaskHosts SELF = new TaskHosts(false, null);

  public boolean delegated() {
    return delegateTo != null;
  }
}
