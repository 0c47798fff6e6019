/**
 * When and how restarts happen.
 *
 * <ul>
 *   <li>{@code window}: change windows from {@code inventory/windows.yml} (cron openings with
 *       duration, zone and blackouts) and the {@code WindowCalendar} that decides RUN_NOW,
 *       WAIT_UNTIL or NEVER for a disruptive step. A window is a validity interval: a missed
 *       opening is never run late.
 *   <li>{@code servicenow}: windows taken from a ServiceNow change request (Table API), re-read
 *       before every disruptive step, plus work notes. Nothing else here names it: which calendar a
 *       window gets is chosen above, in {@code restart}.
 *   <li>{@code drivers}: the restart driver interface and the registry of restart kinds; the
 *       drivers themselves live in their target slice (or in {@code restart.drivers} for services
 *       and reboots).
 *   <li>{@code queue}: the durable restart queue and the scheduler that runs it.
 * </ul>
 */
package io.pagetune.schedule;
