import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { apiCaller, expectError } from "../../../../tests/helpers/api.ts";
import { companyIdByName, userIdByEmail } from "../../../../tests/helpers/ids.ts";
import { recordingMessaging } from "../../../../tests/helpers/production.ts";
import { setupTestApp } from "../../../../tests/helpers/test-app.ts";
import type { TUpdatePayrollDeliverySettings } from "../../../contract/payroll-delivery.ts";
import { parseDelimited } from "../../../domain/payroll/export-format.ts";
import { presetTemplate } from "../../../domain/payroll/export-template.ts";
import {
  eventLog,
  payrollDeliveries,
  payrollDeliverySettings,
  payrollReportSnapshots,
} from "../../db/schema/index.ts";
import { sendMonthlyPayrollReports } from "../../jobs/payroll-report.ts";
import { lastDeliveredBefore } from "./delivery-report.ts";
import { checkSftp } from "./sftp.ts";
import { startTestSftpServer, type TestSftpServer } from "./sftp-test-server.ts";

/**
 * The delivery by SFTP end to end: a local SFTP server (ssh2's Server, files in memory) receives the
 * monthly job's file; a server with another host key gets nothing; a wrong password fails and is
 * logged without the password; the log's re-send puts the same bytes there once the password is right;
 * the settings page's "deliver now" sends the month's file from its cut-off day, once.
 */

const serverSecret = "payroll-delivery-test-secret-0123456789abcdef";
const dataKeys = [{ id: "sftp-test", key: Buffer.alloc(32, 3) }];
const t = setupTestApp({ jwtSecret: serverSecret, dataKeys }, { demoData: true });
const { call, forget } = apiCaller(t);
const DEMO_ADMIN = "employer.admin@demo.test";
const PASSWORD = "oikea-salasana";

let server: TestSftpServer;
let demoOyId: string;

beforeAll(async () => {
  server = await startTestSftpServer({ username: "palkat", password: PASSWORD });
  demoOyId = await companyIdByName(t.database.db, "Demo Oy");
});
afterAll(async () => {
  await server?.close();
});

function settings(overrides: {
  password?: string;
  fingerprint?: string;
  directory: string;
}): TUpdatePayrollDeliverySettings {
  return {
    template: { ...presetTemplate("GENERIC_CSV"), fieldSeparator: "\t", encoding: "UTF8_BOM" },
    cutoffDay: 5,
    deltaOnly: false,
    channel: "SFTP",
    sftp: {
      host: "127.0.0.1",
      port: server.port,
      username: "palkat",
      auth: "PASSWORD",
      directory: overrides.directory,
      fileNamePattern: "pedaali-{yyyy}-{mm}-{kind}.csv",
      hostKeySha256: overrides.fingerprint ?? server.fingerprint,
      secret: overrides.password ?? PASSWORD,
    },
  };
}

async function configure(body: TUpdatePayrollDeliverySettings) {
  const res = await call("PUT", `/api/companies/${demoOyId}/payroll-delivery`, DEMO_ADMIN, body);
  expect(res.statusCode, res.body).toBe(200);
}

async function runJob(now: string) {
  return sendMonthlyPayrollReports(t.database.db, {
    now: new Date(now),
    messaging: recordingMessaging(),
    publicUrl: "https://pedaali.example",
    dataKeys: { dataKeys, jwtSecret: serverSecret },
    sftpAllowPrivateHosts: true,
  });
}

async function deliveryOf(period: string) {
  const [row] = await t.database.db
    .select()
    .from(payrollDeliveries)
    .where(and(eq(payrollDeliveries.companyId, demoOyId), eq(payrollDeliveries.period, `${period}-01`)));
  return row;
}

describe("payroll delivery by SFTP", () => {
  it("puts the month's file on the server with the logged bytes, not before the cut-off day", async () => {
    await configure(settings({ directory: "/in/pedaali" }));
    const early = await runJob("2033-02-04T05:00:00Z");
    expect(await deliveryOf("2033-02")).toBeUndefined();
    expect(early.companies).toBeGreaterThanOrEqual(0);

    await runJob("2033-02-05T05:00:00Z");
    const delivery = await deliveryOf("2033-02");
    expect(delivery).toMatchObject({ status: "DELIVERED", channel: "SFTP", kind: "FULL", attempts: 1 });
    const file = server.files.get("/in/pedaali/pedaali-2033-02-full.csv");
    expect(file).toBeDefined();
    expect(Buffer.compare(file as Buffer, delivery?.content as Buffer)).toBe(0);
    expect(
      createHash("sha256")
        .update(file as Buffer)
        .digest("hex"),
    ).toBe(delivery?.fileSha256);
    const lines = parseDelimited((file as Buffer).toString("utf8").replace(/^\uFEFF/, ""), "\t");
    expect(lines[0]).toContain("Tulolaji");
    expect(delivery?.target).toBe(
      `sftp://palkat@127.0.0.1:${server.port}/in/pedaali/pedaali-2033-02-full.csv`,
    );
    // Written under a hidden name and then named, so payroll never reads half a file; none is left.
    expect([...server.files.keys()].filter((path) => path.endsWith(".part"))).toEqual([]);

    // Sent again, the file of the same name is replaced by the same bytes.
    const again = await call(
      "POST",
      `/api/companies/${demoOyId}/payroll-deliveries/${delivery?.id}/resend`,
      DEMO_ADMIN,
    );
    expect(again.statusCode, again.body).toBe(200);
    const arrivals = server.uploads.filter((u) => u.path === "/in/pedaali/pedaali-2033-02-full.csv");
    expect(arrivals).toHaveLength(2);
    expect(Buffer.compare(server.files.get(arrivals[0]?.path ?? "") as Buffer, file as Buffer)).toBe(0);
  });

  it("refuses a server whose host key is not the pinned one, and sends it nothing", async () => {
    await configure(settings({ directory: "/in/vaara", fingerprint: `SHA256:${"B".repeat(43)}` }));
    await runJob("2033-04-06T05:00:00Z");
    const delivery = await deliveryOf("2033-04");
    expect(delivery?.status).toBe("FAILED");
    expect(delivery?.error).toMatch(/Host key mismatch/);
    expect([...server.files.keys()].some((path) => path.startsWith("/in/vaara"))).toBe(false);
  });

  it("logs a wrong password without the password, and the re-send delivers once it is right", async () => {
    await configure(settings({ directory: "/in/uudelleen", password: "vaara-salasana" }));
    const refusedBefore = server.refusedLogins;
    await runJob("2033-06-07T05:00:00Z");
    const failed = await deliveryOf("2033-06");
    expect(failed?.status).toBe("FAILED");
    expect(failed?.error).toMatch(/Authentication failed/);
    expect(failed?.error).not.toContain("vaara-salasana");
    expect(server.refusedLogins).toBeGreaterThan(refusedBefore);
    const events = await t.database.db
      .select({ data: eventLog.data })
      .from(eventLog)
      .where(and(eq(eventLog.type, "PAYROLL_DELIVERY_FAILED"), eq(eventLog.companyId, demoOyId)));
    expect(JSON.stringify(events)).not.toContain("vaara-salasana");

    await configure(settings({ directory: "/in/uudelleen" }));
    const res = await call(
      "POST",
      `/api/companies/${demoOyId}/payroll-deliveries/${failed?.id}/resend`,
      DEMO_ADMIN,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: "DELIVERED", attempts: 2, error: null });
    const file = server.files.get("/in/uudelleen/pedaali-2033-06-full.csv");
    expect(Buffer.compare(file as Buffer, failed?.content as Buffer)).toBe(0);
  });

  it("sends only the changes since the last delivered report when the company asks for them", async () => {
    await configure({ ...settings({ directory: "/in/muutokset" }), deltaOnly: true });
    await runJob("2033-08-05T05:00:00Z");
    const delivery = await deliveryOf("2033-08");
    // Compared with an earlier delivered month, so the file is change-only.
    expect(delivery?.kind).toBe("DELTA");
    const [snapshot] = await t.database.db
      .select({ kind: payrollReportSnapshots.kind, rows: payrollReportSnapshots.rows })
      .from(payrollReportSnapshots)
      .where(
        and(eq(payrollReportSnapshots.companyId, demoOyId), eq(payrollReportSnapshots.period, "2033-08-01")),
      );
    expect(snapshot?.kind).toBe("DELTA");
    const changed = ((snapshot?.rows ?? []) as { change: string }[]).filter((r) => r.change !== "UNCHANGED");
    expect(delivery?.rowCount).toBe(changed.length);
  });

  it("compares the next change-only report with the last month payroll received, passing over a failed one", async () => {
    await configure({ ...settings({ directory: "/in/vertailu" }), deltaOnly: true });
    await runJob("2034-02-05T05:00:00Z");
    expect((await deliveryOf("2034-02"))?.status).toBe("DELIVERED");
    await configure({
      ...settings({ directory: "/in/vertailu", password: "vaara-salasana" }),
      deltaOnly: true,
    });
    await runJob("2034-03-05T05:00:00Z");
    expect((await deliveryOf("2034-03"))?.status).toBe("FAILED");
    // March's file never arrived, so April is compared with February, which payroll holds.
    expect((await lastDeliveredBefore(t.database.db, demoOyId, "2034-04"))?.period).toBe("2034-02-01");
    // Once March is sent again and arrives, April is compared with it.
    await configure({ ...settings({ directory: "/in/vertailu" }), deltaOnly: true });
    const march = await deliveryOf("2034-03");
    const res = await call(
      "POST",
      `/api/companies/${demoOyId}/payroll-deliveries/${march?.id}/resend`,
      DEMO_ADMIN,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((await lastDeliveredBefore(t.database.db, demoOyId, "2034-04"))?.period).toBe("2034-03-01");
  });

  it("logs a secret that today's key cannot read as a failed delivery, never skipping it unseen", async () => {
    await configure(settings({ directory: "/in/avain" }));
    await t.database.db
      .update(payrollDeliverySettings)
      .set({ sftpSecretSealed: "v1.AAAA.BBBB.CCCC" })
      .where(eq(payrollDeliverySettings.companyId, demoOyId));
    await runJob("2033-10-05T05:00:00Z");
    const delivery = await deliveryOf("2033-10");
    expect(delivery?.status).toBe("FAILED");
    expect(delivery?.error).toMatch(/cannot be read/);
  });

  it("answers the connection test: right settings ok, a wrong password not", async () => {
    const target = {
      host: "127.0.0.1",
      port: server.port,
      username: "palkat",
      auth: "PASSWORD" as const,
      secret: PASSWORD,
      directory: "/",
      hostKeySha256: server.fingerprint,
      privateHostAllowed: true,
    };
    expect(await checkSftp(target)).toEqual({ ok: true, error: null });
    expect((await checkSftp({ ...target, secret: "väärä" })).ok).toBe(false);
    // Unless the platform allows it, a server in a private network is never connected to: a company
    // admin cannot make the platform reach inside its own network (nor map it with the test).
    const before = server.connections;
    expect(await checkSftp({ ...target, privateHostAllowed: false })).toEqual({
      ok: false,
      error: "The host is in a private network: give the SFTP server's public address",
    });
    expect(await checkSftp({ ...target, host: "localhost", privateHostAllowed: false })).toMatchObject({
      ok: false,
    });
    expect(server.connections).toBe(before);
    await configure(settings({ directory: "/" }));
    const res = await call("POST", `/api/companies/${demoOyId}/payroll-delivery/test-connection`, DEMO_ADMIN);
    expect(res.json()).toEqual({ ok: true, error: null });
  });
});

describe("delivering the month's report now", () => {
  /** Moves the clock the server reads (Date only: PGlite keeps its real timers), with a new login. */
  function clockAt(iso: string) {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(iso));
    forget(DEMO_ADMIN);
  }
  afterEach(() => {
    vi.useRealTimers();
    forget(DEMO_ADMIN);
  });
  const deliverNow = () => call("POST", `/api/companies/${demoOyId}/payroll-deliveries`, DEMO_ADMIN);

  it("waits for the cut-off day, then puts the file made by the saved template on the server, once", async () => {
    clockAt("2033-12-04T09:00:00Z");
    await configure(settings({ directory: "/in/heti" }));
    expectError(await deliverNow(), 409, "PAYROLL_DELIVERY_NOT_DUE");
    expect(await deliveryOf("2033-12")).toBeUndefined();

    clockAt("2033-12-05T09:00:00Z");
    const res = await deliverNow();
    expect(res.statusCode, res.body).toBe(201);
    const delivery = await deliveryOf("2033-12");
    expect(res.json()).toMatchObject({
      id: delivery?.id,
      period: "2033-12",
      channel: "SFTP",
      status: "DELIVERED",
      attempts: 1,
      fileName: "pedaali-2033-12-full.csv",
    });
    const file = server.files.get("/in/heti/pedaali-2033-12-full.csv");
    expect(Buffer.compare(file as Buffer, delivery?.content as Buffer)).toBe(0);
    // The saved template: the generic preset's columns, tab-separated, with the byte order mark.
    const text = (file as Buffer).toString("utf8");
    expect(text.startsWith("\uFEFF")).toBe(true);
    expect(parseDelimited(text.slice(1), "\t")[0]).toEqual(
      presetTemplate("GENERIC_CSV").columns.map((c) => c.header),
    );
    // The admin who asked is the event's actor; the month is not delivered a second time, by them or
    // by the next morning's job.
    // (Other tests of this file deliver other months, in any order: this month's event is looked up.)
    const sent = (
      await t.database.db
        .select({ actorUserId: eventLog.actorUserId, data: eventLog.data })
        .from(eventLog)
        .where(and(eq(eventLog.type, "PAYROLL_REPORT_SENT"), eq(eventLog.companyId, demoOyId)))
    ).find((event) => event.data.period === "2033-12");
    expect(sent?.actorUserId).toBe(await userIdByEmail(t.database.db, DEMO_ADMIN));
    expect(sent?.data).toMatchObject({ period: "2033-12", channel: "SFTP" });
    expectError(await deliverNow(), 409, "PAYROLL_ALREADY_DELIVERED");
    vi.useRealTimers();
    await runJob("2033-12-06T05:00:00Z");
    const rows = await t.database.db
      .select({ id: payrollDeliveries.id })
      .from(payrollDeliveries)
      .where(and(eq(payrollDeliveries.companyId, demoOyId), eq(payrollDeliveries.period, "2033-12-01")));
    expect(rows).toHaveLength(1);
  });
});
