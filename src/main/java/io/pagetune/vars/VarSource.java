package io.pagetune.vars;

/**
 * Where a variable came from, in increasing precedence: a later source wins. This is Ansible's
 * documented order restricted to the sources pagetune supports; it is written down here once and
 * used by the inventory (its layers) and by {@link VarScope} (everything above the inventory).
 */
public enum VarSource {
  /** A role's {@code defaults/main.yml}: below everything, even the inventory. */
  ROLE_DEFAULTS,
  /**
   * {@code vars:} of groups inside the inventory file, {@code all} first, then parents, children.
   */
  INVENTORY_GROUP_VARS,
  /** {@code group_vars/all} beside the inventory. */
  INVENTORY_GROUP_VARS_ALL_FILE,
  /** {@code group_vars/<group>} beside the inventory, parents before children. */
  INVENTORY_GROUP_VARS_FILES,
  /** Host variables written in the inventory file (inline or under the host). */
  INVENTORY_HOST_VARS,
  /** {@code host_vars/<host>} beside the inventory. */
  INVENTORY_HOST_VARS_FILES,
  /** Facts gathered from the host ({@code ansible_facts}, {@code ansible_*}). */
  HOST_FACTS,
  /** The play's {@code vars:}. */
  PLAY_VARS,
  /** The play's {@code vars_files:}, in listed order. */
  PLAY_VARS_FILES,
  /** A role's {@code vars/main.yml}: above the play's vars and vars_files. */
  ROLE_VARS,
  /** {@code vars:} on enclosing blocks, outer first. */
  BLOCK_VARS,
  /** {@code vars:} on the task itself. */
  TASK_VARS,
  /**
   * What {@code include_vars} read: above task vars, below set_fact (ansible-playbook 2.14 keeps a
   * set_fact over a later include_vars of the same name).
   */
  INCLUDE_VARS,
  /** {@code set_fact} results and {@code register}ed results. */
  SET_FACTS_AND_REGISTERED,
  /** Parameters given where a role is used ({@code - role: x} with keys): above set_fact. */
  ROLE_PARAMS,
  /**
   * An {@code include_tasks}' {@code vars} and loop variables, seen by the tasks it includes: above
   * their own vars and {@code set_fact}.
   */
  INCLUDE_PARAMS,
  /** {@code -e key=value} and {@code -e @file}: always win. */
  EXTRA_VARS
}
