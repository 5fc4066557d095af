import { eq } from "drizzle-orm";
import type {
  TPayrollDeliverySettings,
  TPayrollTemplate,
  TUpdatePayrollDeliverySettings,
} from "../../../contract/payroll-delivery.ts";
import { zPayrollTemplate } from "../../../contract/payroll-delivery.ts";
import { DEFAULT_CUTOFF_DAY, presetTemplate } from "../../../domain/payroll/export-template.ts";
import { type DataKeyring, readableField, sealField } from "../../data-keys.ts";
import type { Db } from "../../db/client.ts";
import { recordEvent } from "../../db/event-log.ts";
import { lockRows } from "../../db/lock-order.ts";
import { payrollDeliverySettings } from "../../db/schema/index.ts";
import { type WriteContext, write } from "../../db/transaction.ts";
import { badRequest } from "../../errors.ts";
import { SEALED_PURPOSES } from "../../sealed-fields.ts";
import type { SftpTarget } from "./sftp.ts";

/**
 * A company's payroll delivery settings. Until the company saves its own, the report goes by e-mail
 * on the 15th in the Excel preset, as it always has. The SFTP password or key is sealed under the data
 * keys (src/server/data-keys.ts) and only ever unsealed for a connection.
 */

export type DeliverySettingsRow = typeof payrollDeliverySettings.$inferSelect;

export const DEFAULT_SETTINGS = {
  template: presetTemplate("EXCEL"),
  cutoffDay: DEFAULT_CUTOFF_DAY,
  deltaOnly: false,
  channel: "EMAIL" as const,
};

/** The stored template, or the default should a stored one no longer pass today's schema. */
export function templateOf(row: DeliverySettingsRow | undefined): TPayrollTemplate {
  const parsed = zPayrollTemplate.safeParse(row?.template);
  return parsed.success ? parsed.data : DEFAULT_SETTINGS.template;
}

export async function settingsRow(db: Db, companyId: string): Promise<DeliverySettingsRow | undefined> {
  const [row] = await db
    .select()
    .from(payrollDeliverySettings)
    .where(eq(payrollDeliverySettings.companyId, companyId));
  return row;
}

export function settingsAnswer(row: DeliverySettingsRow | undefined): TPayrollDeliverySettings {
  if (!row) return { ...DEFAULT_SETTINGS, sftp: null, saved: false };
  const sftp =
    row.sftpHost && row.sftpPort && row.sftpUsername && row.sftpAuth && row.sftpDirectory
      ? {
          host: row.sftpHost,
          port: row.sftpPort,
          username: row.sftpUsername,
          auth: row.sftpAuth,
          directory: row.sftpDirectory,
          fileNamePattern: row.sftpFileNamePattern ?? "pedaali-{yyyy}-{mm}.csv",
          hostKeySha256: row.sftpHostKeySha256 ?? "",
          secretStored: row.sftpSecretSealed !== null,
        }
      : null;
  return {
    template: templateOf(row),
    cutoffDay: row.cutoffDay,
    deltaOnly: row.deltaOnly,
    channel: row.channel,
    sftp,
    saved: true,
  };
}

/**
 * The SFTP server to connect to, its secret unsealed; null when SFTP is not set up or the key cannot
 * read it. `privateHostAllowed` is the platform's SFTP_ALLOW_PRIVATE_HOSTS.
 */
export function sftpTargetOf(
  row: DeliverySettingsRow | undefined,
  dataKeys: DataKeyring,
  privateHostAllowed: boolean,
): SftpTarget | null {
  const answer = settingsAnswer(row)?.sftp;
  if (!row?.sftpSecretSealed || !answer) return null;
  const secret = readableField(dataKeys, SEALED_PURPOSES.sftpSecret, row.sftpSecretSealed);
  if (secret === null) return null;
  return { ...answer, secret, privateHostAllowed };
}

const secretRequired = () =>
  badRequest("SFTP needs its password or private key", [
    {
      field: "body.sftp.secret",
      message: "Required",
      issue: { code: "too_small", origin: "string", minimum: 1 },
    },
  ]);

/**
 * Saves the settings. A new SFTP server needs its secret; a change of host or username without a new
 * secret keeps the stored one only when the server stays the same, so a secret never follows the
 * company's files to another server.
 */
export async function updateDeliverySettings(
  db: Db,
  change: { userId: string; dataKeys: DataKeyring },
  companyId: string,
  input: TUpdatePayrollDeliverySettings,
): Promise<void> {
  await write(db, { actor: { userId: change.userId } }, async (ctx: WriteContext) => {
    const { tx } = ctx;
    const [existing] = await lockRows(
      tx,
      "payrollDeliverySettings",
      tx
        .select()
        .from(payrollDeliverySettings)
        .where(eq(payrollDeliverySettings.companyId, companyId))
        .for("update"),
    );
    const sftp = input.sftp;
    if (input.channel === "SFTP" && !sftp) {
      throw badRequest("SFTP delivery needs its server", [{ field: "body.sftp", message: "Required" }]);
    }
    const sameServer =
      existing?.sftpHost === sftp?.host &&
      existing?.sftpUsername === sftp?.username &&
      existing?.sftpAuth === sftp?.auth;
    let sealed: string | null = null;
    if (sftp?.secret) sealed = sealField(change.dataKeys, SEALED_PURPOSES.sftpSecret, sftp.secret);
    else if (sftp && sameServer && existing?.sftpSecretSealed) sealed = existing.sftpSecretSealed;
    else if (sftp) throw secretRequired();
    const values = {
      template: input.template as unknown as Record<string, unknown>,
      cutoffDay: input.cutoffDay,
      deltaOnly: input.deltaOnly,
      channel: input.channel,
      sftpHost: sftp?.host ?? null,
      sftpPort: sftp?.port ?? null,
      sftpUsername: sftp?.username ?? null,
      sftpAuth: sftp?.auth ?? null,
      sftpSecretSealed: sealed,
      sftpDirectory: sftp?.directory ?? null,
      sftpFileNamePattern: sftp?.fileNamePattern ?? null,
      sftpHostKeySha256: sftp?.hostKeySha256 ?? null,
      updatedAt: ctx.now,
    };
    await tx
      .insert(payrollDeliverySettings)
      .values({ companyId, ...values })
      .onConflictDoUpdate({ target: payrollDeliverySettings.companyId, set: values });
    // Where the company's payroll data goes is the audit trail's to keep: never the secret.
    await recordEvent(ctx, {
      type: "PAYROLL_DELIVERY_SETTINGS_UPDATED",
      entity: { type: "company", id: companyId },
      companyId,
      data: {
        channel: input.channel,
        deltaOnly: input.deltaOnly,
        cutoffDay: input.cutoffDay,
        preset: input.template.preset,
        sftp: sftp && {
          host: sftp.host,
          port: sftp.port,
          username: sftp.username,
          directory: sftp.directory,
          hostKeySha256: sftp.hostKeySha256,
          secretChanged: sftp.secret !== undefined,
        },
      },
    });
  });
}
