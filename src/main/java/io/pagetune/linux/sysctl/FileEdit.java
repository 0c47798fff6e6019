package io.pagetune.linux.sysctl;

/**
 * One planned change of a configuration file: its text before (empty for a new file) and after, and
 * why, in the words the plan shows.
 */
public record FileEdit(String path, String before, String after, String why) {}
