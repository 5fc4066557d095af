import { TWO_FACTOR_FAILURE_WINDOW_SECONDS } from "../../../domain/auth-rules.ts";
import { buildPath } from "../../../domain/routes.ts";
import { twoFactorLockedMail } from "../../messaging/account-mails.ts";
import { newDeviceLoginMail } from "../../messaging/new-device-mails.ts";
import { type SecondFactorChange, secondFactorChangedMail } from "../../messaging/second-factor-mails.ts";
import { pageUrl } from "../../messaging/templates.ts";
import type { OutboxRenderer } from "../notifications/outbox-renderers.ts";
import type { NewDeviceParams } from "./new-device.ts";

/**
 * The login's mails to an account's owner, rendered by the message outbox when they are sent: the
 * owner's name as it is then, and this deployment's links. The login code's SMS is no mail here: it is
 * sent at once and only recorded (auth/password-step.ts).
 */

type Owner = { name?: string | null };

/** TWO_FACTOR_LOCKED: someone has the password and failed the code; the owner should change it. */
export const renderTwoFactorLockedMail: OutboxRenderer = (row, deps) => ({
  kind: "mail",
  mail: twoFactorLockedMail(row.language, {
    name: (row.params as Owner).name ?? null,
    link: pageUrl(deps.publicUrl, row.language, "passwordRecovery"),
    lockedMinutes: TWO_FACTOR_FAILURE_WINDOW_SECONDS / 60,
  }),
});

/** SECOND_FACTOR_CHANGED: how the login is confirmed changed; an owner who did not do it acts. */
export const renderSecondFactorChangedMail: OutboxRenderer = (row, deps) => {
  const params = row.params as Owner & { change: SecondFactorChange };
  return {
    kind: "mail",
    mail: secondFactorChangedMail(row.language, {
      name: params.name ?? null,
      change: params.change,
      link: `${deps.publicUrl}${buildPath("passwordRecovery")}`,
    }),
  };
};

/** NEW_DEVICE_LOGIN: a login from a device not seen lately; an owner who did not log in logs it out. */
export const renderNewDeviceLoginMail: OutboxRenderer = (row, deps) => {
  const params = row.params as NewDeviceParams;
  return {
    kind: "mail",
    mail: newDeviceLoginMail(row.language, {
      name: params.name ?? null,
      device: params.device ?? null,
      place: params.place ?? null,
      at: new Date(params.at),
      link: pageUrl(deps.publicUrl, row.language, "ownDetails"),
    }),
  };
};
