package io.pagetune.compat;

import com.fasterxml.jackson.databind.JsonNode;

/** One task's result on one host, as a tool reported it (loop items inside {@code results}). */
record TaskRecord(String task, JsonNode result) {}
