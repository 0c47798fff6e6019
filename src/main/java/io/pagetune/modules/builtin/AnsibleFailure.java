package io.pagetune.modules.builtin;

import io.pagetune.modules.Plan;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A failure that the console reports in pagetune's words (which say what to do) while {@code
 * register} sees the Ansible module's own {@code msg} and {@code rc}, so content that tests {@code
 * result.msg} or {@code result.rc} behaves as under ansible-playbook.
 */
final class AnsibleFailure {
  /** The rc Ansible's file-editing modules give when the file to edit does not exist. */
  static final int MISSING_PATH_RC = 257;

  private AnsibleFailure() {}

  /** Fails with {@code message} on the console, registering {@code ansibleMsg}. */
  static Plan of(String message, String ansibleMsg) {
    return Plan.failed(message).withData(Map.of("msg", ansibleMsg));
  }

  /** Fails because the file to edit is missing: Ansible's {@code msg} and rc 257. */
  static Plan missingPath(String message, String ansibleMsg) {
    Map<String, Object> registered = new LinkedHashMap<>();
    registered.put("msg", ansibleMsg);
    registered.put("rc", MISSING_PATH_RC);
    return Plan.failed(message).withData(registered);
  }
}
