package io.pagetune.executor;

import io.pagetune.playbook.Play;
import java.util.Map;

/**
 * One play's run-time context: its resolved vars_files, the hosts it targets and, once per play,
 * the inventory variables of every host ({@code hostvars}).
 */
public record PlayContext(
    Play play,
    Map<String, Object> varsFilesVars,
    PlayHosts playHosts,
    Map<String, Object> hostvars,
    Map<String, Object> groups) {}
