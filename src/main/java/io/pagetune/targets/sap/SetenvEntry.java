package io.pagetune.targets.sap;

/** An active {@code SETENV_<nn> = VAR=value} line of a SAP profile. */
record SetenvEntry(int index, String variable, String value, ProfileLine line) {}
