import { z } from "zod";
import {
  REMINDER_DAYS_MAX,
  REMINDER_DAYS_MIN,
  type ReminderSettings,
  reminderSettingsProblems,
  SWITCHABLE_REMINDER_KINDS,
} from "../domain/reminder-settings.ts";
import { zIdParams } from "./companies.ts";
import { endpoint } from "./endpoint.ts";
import { lazy } from "./lazy.ts";

/**
 * A company's reminder settings on its settings page (company-settings.manage): the days after which
 * approvers, employees and the bike store are reminded and the approval escalated, the backup approver
 * who gets the escalation instead of the group admin, and which reminders the company sends.
 */

const zDays = lazy(() => z.int().min(REMINDER_DAYS_MIN).max(REMINDER_DAYS_MAX));

const zReminderSettingsInput = lazy(
  () =>
    z
      .object({
        approverAfterDays: zDays,
        escalationAfterDays: zDays,
        backupApproverUserId: z.uuid().nullable(),
        employeeFirstAfterDays: zDays,
        employeeSecondAfterDays: zDays,
        storeAfterDays: zDays,
        disabledKinds: z.array(z.enum(SWITCHABLE_REMINDER_KINDS)).max(SWITCHABLE_REMINDER_KINDS.length),
      })
      .superRefine((settings, issue) => {
        // The range is the fields' own; what is left is the order of the steps.
        for (const problem of reminderSettingsProblems(settings)) {
          if (problem.problem !== "NOT_AFTER_REMINDER") continue;
          issue.addIssue({
            code: "custom",
            path: [problem.field],
            message:
              problem.field === "escalationAfterDays"
                ? "The escalation comes after the approvers' reminder"
                : "The second reminder comes after the first",
          });
        }
      }) satisfies z.ZodType<ReminderSettings>,
);
export type TReminderSettingsInput = z.infer<typeof zReminderSettingsInput>;

/** An employer user of the company who may approve orders: who can be the backup approver. */
const zBackupApproverCandidate = lazy(() =>
  z.object({
    userId: z.uuid(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    email: z.string(),
  }),
);
export type TBackupApproverCandidate = z.infer<typeof zBackupApproverCandidate>;

export const zReminderSettings = lazy(() =>
  z.object({
    settings: z.object({
      approverAfterDays: z.int(),
      escalationAfterDays: z.int(),
      backupApproverUserId: z.uuid().nullable(),
      employeeFirstAfterDays: z.int(),
      employeeSecondAfterDays: z.int(),
      storeAfterDays: z.int(),
      disabledKinds: z.array(z.enum(SWITCHABLE_REMINDER_KINDS)),
    }),
    /** False until the company saves its own: the settings are then the defaults. */
    saved: z.boolean(),
    backupApproverCandidates: z.array(zBackupApproverCandidate),
  }),
);
export type TReminderSettings = z.infer<typeof zReminderSettings>;

export const reminderSettingsApi = lazy(() => ({
  settings: endpoint({
    method: "GET",
    path: "/companies/:id/reminder-settings",
    summary:
      "The company's reminder settings (the defaults until it saves its own) and who may be its backup approver",
    params: zIdParams,
    response: zReminderSettings,
    errors: [400, 401, 403, 404],
  }),
  update: endpoint({
    method: "PUT",
    path: "/companies/:id/reminder-settings",
    summary:
      "Set after how many days the company's reminders are sent, the escalation's backup approver and which reminders are sent",
    params: zIdParams,
    body: zReminderSettingsInput,
    response: zReminderSettings,
    errors: [400, 401, 403, 404],
  }),
}));
