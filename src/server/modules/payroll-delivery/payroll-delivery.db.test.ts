import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { apiCaller, expectError } from "../../../../tests/helpers/api.ts";
import { companyIdByName } from "../../../../tests/helpers/ids.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import {
  type TUpdatePayrollDeliverySettings,
  zPayrollDeliveries,
  zPayrollDeliverySettings,
  zPayrollPreview,
} from "../../../contract/payroll-delivery.ts";
import { presetTemplate } from "../../../domain/payroll/export-template.ts";
import { eventLog, payrollDeliveries, payrollDeliverySettings } from "../../db/schema/index.ts";

const t = setupTestApp({}, { demoData: true });
const { call } = apiCaller(t);

const DEMO_ADMIN = "employer.admin@demo.test";
const EMPLOYEE = "employee@demo.test";
const TOINEN_ADMIN = "employer.admin@toinen.test";
const FINGERPRINT = `SHA256:${"a".repeat(43)}`;

let demoOyId: string;
beforeAll(async () => {
  demoOyId = await companyIdByName(t.database.db, "Demo Oy");
});

const url = (path = "") => `/api/companies/${demoOyId}/payroll-delivery${path}`;

const SERVER = {
  host: "sftp.palkat.example",
  port: 22,
  username: "pedaali",
  auth: "PASSWORD" as const,
  directory: "/in",
  fileNamePattern: "pedaali-{yyyy}-{mm}.csv",
  hostKeySha256: FINGERPRINT,
};

const sftpSettings = (secret?: string): TUpdatePayrollDeliverySettings => ({
  template: presetTemplate("GENERIC_CSV"),
  cutoffDay: 10,
  deltaOnly: true,
  channel: "SFTP",
  sftp: {
    host: "sftp.palkat.example",
    port: 22,
    username: "pedaali",
    auth: "PASSWORD",
    directory: "/in",
    fileNamePattern: "pedaali-{yyyy}-{mm}.csv",
    hostKeySha256: FINGERPRINT,
    ...(secret ? { secret } : {}),
  },
});

describe("payroll delivery settings", () => {
  it("saves the template and SFTP server, seals the password and never answers it", async () => {
    const res = await call("PUT", url(), DEMO_ADMIN, sftpSettings("salasana-123"));
    expect(res.statusCode, res.body).toBe(200);
    const body = zPayrollDeliverySettings.parse(res.json());
    expect(body).toMatchObject({ channel: "SFTP", cutoffDay: 10, deltaOnly: true, saved: true });
    expect(body.sftp?.secretStored).toBe(true);
    expect(res.body).not.toContain("salasana-123");

    const [row] = await t.database.db
      .select()
      .from(payrollDeliverySettings)
      .where(eq(payrollDeliverySettings.companyId, demoOyId));
    expect(row?.sftpSecretSealed).toMatch(/^v2\.test\./);
    expect(row?.sftpSecretSealed).not.toContain("salasana-123");

    // Saved again without the secret, the stored one stays; the audit trail never holds it.
    const again = await call("PUT", url(), DEMO_ADMIN, sftpSettings());
    expect(zPayrollDeliverySettings.parse(again.json()).sftp?.secretStored).toBe(true);
    const events = await t.database.db
      .select({ data: eventLog.data })
      .from(eventLog)
      .where(and(eq(eventLog.type, "PAYROLL_DELIVERY_SETTINGS_UPDATED"), eq(eventLog.companyId, demoOyId)));
    expect(events.length).toBeGreaterThanOrEqual(2);
    expect(JSON.stringify(events)).not.toContain("salasana-123");

    const read = await call("GET", url(), DEMO_ADMIN);
    expect(zPayrollDeliverySettings.parse(read.json()).template.preset).toBe("GENERIC_CSV");
  });

  it("refuses a new SFTP server without its secret, a bad fingerprint, a money column per kind", async () => {
    const other = { ...sftpSettings(), sftp: { ...SERVER, host: "toinen.example" } };
    expectError(await call("PUT", url(), DEMO_ADMIN, other), 400);
    const badKey = { ...sftpSettings(), sftp: { ...SERVER, secret: "x", hostKeySha256: "MD5:aa:bb" } };
    expectError(await call("PUT", url(), DEMO_ADMIN, badKey), 400);
    const template = presetTemplate("GENERIC_CSV");
    template.columns.push({ field: "taxFree", header: "363" });
    expectError(await call("PUT", url(), DEMO_ADMIN, { ...sftpSettings("x"), template }), 400);
    expectError(await call("PUT", url(), DEMO_ADMIN, { ...sftpSettings("x"), cutoffDay: 29 }), 400);
  });

  it("previews this month's first lines as the template writes them", async () => {
    const template = presetTemplate("EXCEL");
    const res = await call("POST", url("/preview"), DEMO_ADMIN, { template, deltaOnly: false });
    expect(res.statusCode, res.body).toBe(200);
    const body = zPayrollPreview.parse(res.json());
    expect(body.lines[0]).toEqual(template.columns.map((c) => c.header));
    expect(body.lineCount).toBeGreaterThanOrEqual(1);
  });

  it("answers 403 to an employee, 404 to another company's admin", async () => {
    expectError(await call("GET", url(), EMPLOYEE), 403);
    expectError(await call("GET", url(), TOINEN_ADMIN), 404);
    expectError(await call("PUT", url(), TOINEN_ADMIN, sftpSettings("x")), 404);
    expectError(await call("GET", `/api/companies/${demoOyId}/payroll-deliveries`, EMPLOYEE), 403);
  });
});

describe("payroll delivery log", () => {
  it("lists the company's deliveries and re-sends one by e-mail", async () => {
    const { db } = t.database;
    await call("PUT", url(), DEMO_ADMIN, {
      template: presetTemplate("EXCEL"),
      cutoffDay: 15,
      deltaOnly: false,
      channel: "EMAIL",
      sftp: null,
    });
    const [delivery] = await db
      .insert(payrollDeliveries)
      .values({
        companyId: demoOyId,
        period: "2030-01-01",
        kind: "FULL",
        channel: "EMAIL",
        target: "talous@demo.test",
        status: "FAILED",
        error: "1 of 1 mails could not be sent",
        fileName: "pedaali-2030-01.csv",
        fileSha256: "0".repeat(64),
        content: Buffer.from("a;b\r\n"),
        rowCount: 1,
        startedAt: new Date("2030-01-15T05:00:00Z"),
      })
      .returning({ id: payrollDeliveries.id });
    const id = delivery?.id as string;
    const list = zPayrollDeliveries.parse(
      (await call("GET", `/api/companies/${demoOyId}/payroll-deliveries`, DEMO_ADMIN)).json(),
    );
    expect(list.items.map((d) => d.id)).toContain(id);

    const res = await call("POST", `/api/companies/${demoOyId}/payroll-deliveries/${id}/resend`, DEMO_ADMIN);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id, status: "DELIVERED", attempts: 2, error: null });

    // Another company's admin cannot reach it; an unknown delivery is a 404.
    expectError(
      await call("POST", `/api/companies/${demoOyId}/payroll-deliveries/${id}/resend`, TOINEN_ADMIN),
      404,
    );
    expectError(
      await call(
        "POST",
        `/api/companies/${demoOyId}/payroll-deliveries/00000000-0000-4000-8000-000000000000/resend`,
        DEMO_ADMIN,
      ),
      404,
    );
    expectError(
      await call("POST", `/api/companies/${demoOyId}/payroll-deliveries/nope/resend`, DEMO_ADMIN),
      400,
    );
  });

  it("answers 409 to a connection test before SFTP is set up", async () => {
    await call("PUT", url(), DEMO_ADMIN, {
      template: presetTemplate("EXCEL"),
      cutoffDay: 15,
      deltaOnly: false,
      channel: "EMAIL",
      sftp: null,
    });
    expectError(await call("POST", url("/test-connection"), DEMO_ADMIN), 409, "PAYROLL_SFTP_NOT_CONFIGURED");
  });
});
