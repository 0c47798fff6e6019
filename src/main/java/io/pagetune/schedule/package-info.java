/**
 * When and how restarts happen.
 *
 * <ul>
 *   <li>{@code window}: change windows from {@code inventory/windows.yml} (cron openings with
 *       duration, zone and blackouts) and the {@code WindowCalendar} that decides RUN_NOW,
 *       WAIT_UNTIL or NEVER for a disruptive step. A window is a validity interval: a missed
 *       opening is never run late.
 *   <li>{@code servicenow}: windows taken from a ServiceNow change request (Table API), re-read
 *       before every disruptive step, plus work notes.
 *   <li>{@code drivers}: stop, start and wait-until-up for each restart target kind.
 *   <li>{@code queue}: the durable restart queue (built separately).
 * </ul>
 */
package io.pagetune.schedule;
