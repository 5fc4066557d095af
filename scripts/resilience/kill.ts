/**
 * The kill test (`npm run test:resilience -- --only kill`): the production build is SIGKILLed in the
 * middle of signings, order moves and uploads, started again on the same database and files folder,
 * and the database's promises (src/server/db/consistency.ts, the file store's bytes included) are
 * checked after the kill and again after the restart. No transaction may be left half done, no file row
 * without its bytes.
 *
 * On a database of its own with the demo data (demo-server.ts). Each round first readies its work
 * through the API (so some flows start at the signature, the employer's approval or the leasing
 * company's submission, not only at the acceptance), then starts its 26 flows at once — as many
 * requests in flight — and kills the server `--kill-ms` (by default 50–500) ms later. Each round also
 * counts the event-log and file rows committed before the kill. Each flow ends completed, failed (an error
 * answer before the kill), cut (a request of it was in flight when the kill came) or stopped (its next
 * request found the server gone); the round prints those counts so a kill that found nothing under way
 * shows. A finding fails the test, and so does a run whose kills never cut a request.
 *
 * The per-user limits hold across restarts (they count in the database): the helpdesk's receipts (6 a
 * round, 60 uploads in 10 minutes) and the employees' claims (1 a round, 30 an hour) answer 429 in a run
 * of more than about 10 rounds in 10 minutes; those flows then count as failed, which is no finding.
 */
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { type Db, fromPostgresUrl } from "../../src/server/db/client.ts";
import { checkConsistency, type Finding } from "../../src/server/db/consistency.ts";
import { rawRows } from "../../src/server/db/raw.ts";
import { DEMO_COMPANIES, DEMO_USERS } from "../../src/server/db/seed/demo-data.ts";
import { localBlobStore } from "../../src/server/files/blob-store.ts";
import { createFileStore } from "../../src/server/files/file-store.ts";
import { packagedOrder } from "../../tests/helpers/package-order.ts";
import { login, nextAddress, type Session } from "../bench/server.ts";
import { type DemoServer, startDemoServer } from "./demo-server.ts";

/** How many of each flow a round starts. */
const SIGNING_CHAINS = 8;
const SINGLE_MOVES = 8;
const BULK_MOVE_ORDERS = 5;
const CLAIM_UPLOADS = 6;
const RECEIPT_UPLOADS = 3;
/** A photo of a few hundred kilobytes: its bytes take a while to write, as a phone's photo does. */
const PHOTO = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  randomBytes(300_000),
]);
const RECEIPT = Buffer.concat([Buffer.from("%PDF-1.4\n"), randomBytes(120_000)]);

type Outcome = "completed" | "failed" | "cut" | "stopped";
const OUTCOMES: readonly Outcome[] = ["completed", "failed", "cut", "stopped"];

/** A request of a flow that ended without an answer; `inFlight`: it was sent before the kill. */
class NoAnswer extends Error {
  constructor(
    readonly step: string,
    readonly inFlight: boolean,
  ) {
    super(`${step}: no answer`);
  }
}

/** An error answer; `body`: what it said. */
class ErrorAnswer extends Error {
  constructor(
    readonly step: string,
    readonly status: number,
    readonly body: string,
  ) {
    super(`${step}: ${status} ${body}`);
  }
}

type FlowResult = { kind: string; outcome: Outcome; step: string; detail?: string };

/** One round's requests: which were in flight when the server was killed. */
class Round {
  killedAt: number | null = null;
  inFlight = 0;
  inFlightAtKill = 0;
  requests = 0;

  constructor(private readonly base: string) {}

  /** A call as the session's user; answers the JSON of a 2xx, else throws ErrorAnswer or NoAnswer. */
  async send(
    step: string,
    session: Session,
    method: "GET" | "POST" | "DELETE",
    path: string,
    body?: unknown,
  ): Promise<Record<string, unknown>> {
    const raw = Buffer.isBuffer(body);
    const headers: Record<string, string> = {
      cookie: session.cookie,
      "x-csrf-token": session.csrf,
      // Each request from another address: the per-address limits of codes and signatures count none.
      "x-forwarded-for": nextAddress(),
      ...(body === undefined
        ? {}
        : { "content-type": raw ? "application/octet-stream" : "application/json" }),
    };
    const sentAt = performance.now();
    this.requests++;
    this.inFlight++;
    let res: Response;
    try {
      res = await fetch(`${this.base}${path}`, {
        method,
        headers,
        body: raw ? new Uint8Array(body) : body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(60_000),
      });
    } catch (error) {
      if (this.killedAt === null) throw error;
      throw new NoAnswer(step, sentAt < this.killedAt);
    } finally {
      this.inFlight--;
    }
    let text: string;
    try {
      text = await res.text();
    } catch {
      // The head came, the body did not: the kill came between them.
      throw new NoAnswer(step, true);
    }
    // The error's body as it came (its code, message and fields), shortened.
    if (!res.ok) throw new ErrorAnswer(step, res.status, text.replace(/\s+/g, " ").slice(0, 300));
    return text ? (JSON.parse(text) as Record<string, unknown>) : {};
  }

  async run(kind: string, flow: () => Promise<void>): Promise<FlowResult> {
    try {
      await flow();
      return { kind, outcome: "completed", step: "" };
    } catch (error) {
      if (error instanceof NoAnswer)
        return { kind, outcome: error.inFlight ? "cut" : "stopped", step: error.step };
      if (error instanceof ErrorAnswer) {
        return { kind, outcome: "failed", step: error.step, detail: `${error.status} ${error.body}` };
      }
      return { kind, outcome: "failed", step: "?", detail: String(error) };
    }
  }
}

/** Where a signing chain starts: the steps before it are done while the round is readied. */
const SIGNING_STAGES = ["accept", "code", "sign", "decide", "send"] as const;
type SigningStage = (typeof SIGNING_STAGES)[number];

/** The employee's acceptance as the web app makes it: the offer read, then accepted as read. */
async function accept(round: Round, as: Session, orderId: string): Promise<void> {
  const offer = await round.send("offer", as, "GET", `/api/orders/${orderId}/offer?leaseTimeMonths=36`);
  await round.send("accept", as, "POST", `/api/orders/${orderId}/accept`, {
    leaseTimeMonths: 36,
    packageVersion: offer.packageVersion,
  });
}

type Employee = { email: string; employmentId: string; companyId: string };
type ClaimOwner = { email: string; employmentId: string; orderId: string };
type MovedOrder = { id: string; home: string };

type Data = {
  signers: Employee[];
  claimOwners: ClaimOwner[];
  movedOrders: MovedOrder[];
  cancellationId: string | null;
};

/** The demo's rows the flows use, picked once from the fresh database. */
async function pickData(db: Db): Promise<Data> {
  // Users whose login asks for the phone step, or who cannot log in, are left out.
  const skipped = DEMO_USERS.filter((u) => u.clearPhoneOnSeed || u.deactivated).map((u) => u.email);
  const signers = await rawRows<Employee>(
    db,
    sql`select u.email as "email", be.id::text as "employmentId", be.company_id::text as "companyId"
        from beneficiary_employees be
        join users u on u.id = be.user_id
        join companies c on c.id = be.company_id
        where c.name = ${DEMO_COMPANIES.demo.name} and be.status = 'ACCEPTED'
          and u.phone_number is not null and not u.deactivated
        order by u.email`,
  );
  const claimOwners = await rawRows<ClaimOwner>(
    db,
    sql`select distinct on (u.email) u.email as "email", be.id::text as "employmentId", o.id::text as "orderId"
        from orders o
        join beneficiary_employees be on be.id = o.beneficiary_employee_id
        join users u on u.id = be.user_id
        where o.order_status = 'ACTIVE_LEASING' and be.status = 'ACCEPTED' and not u.deactivated
        order by u.email, o.order_number`,
  );
  // The orders the helpdesk moves to the customer-comment side state and back: the demo's orders on
  // their way, but for one with an open cancellation (the receipts' flows use it).
  const movedOrders = await rawRows<MovedOrder>(
    db,
    sql`select o.id::text as "id",
          (case when o.order_status = 'WAITING_FOR_CUSTOMER_COMMENT' then o.previous_status
                else o.order_status end)::text as "home"
        from orders o
        where (o.order_status in ('NOT_STARTED', 'PENDING', 'PACKAGE_PROVIDED', 'ALL_INFO_PROVIDED', 'CONFIRMED',
                 'PROCESSED', 'WAITING_FOR_INVOICE_MATCH', 'WAITING_FOR_DELIVERY_DATE', 'READY_FOR_BILLING',
                 'GRENKE_INVOICE_SENT')
               or (o.order_status = 'WAITING_FOR_CUSTOMER_COMMENT' and o.previous_status is not null))
          and not exists (select 1 from order_cancellations oc where oc.order_id = o.id and oc.status = 'PENDING')
        order by o.order_number`,
  );
  const [cancellation] = await rawRows<{ id: string }>(
    db,
    sql`select id::text as "id" from order_cancellations where status = 'PENDING' order by created_at limit 1`,
  );
  const usable = (email: string) => !skipped.includes(email);
  return {
    signers: signers.filter((e) => usable(e.email)),
    claimOwners: claimOwners.filter((e) => usable(e.email)),
    movedOrders,
    cancellationId: cancellation?.id ?? null,
  };
}

type Sessions = { helpdesk: Session; employer: Session; byEmail: Map<string, Session> };

async function logIn(base: string, data: Data): Promise<Sessions> {
  const emails = [
    ...data.signers.slice(0, SIGNING_CHAINS).map((e) => e.email),
    ...data.claimOwners.slice(0, CLAIM_UPLOADS).map((e) => e.email),
  ];
  const byEmail = new Map<string, Session>();
  for (const email of new Set(emails)) byEmail.set(email, await login(base, email));
  return {
    helpdesk: await login(base, "helpdesk@pedaali.test"),
    employer: await login(base, DEMO_COMPANIES.demo.contact.email),
    byEmail,
  };
}

const sessionOf = (sessions: Sessions, email: string) => {
  const session = sessions.byEmail.get(email);
  if (!session) throw new Error(`no session of ${email}`);
  return session;
};

type Readied = {
  chains: { employee: Employee; orderId: string; stage: SigningStage; code: string | null }[];
};

/** The round's work readied through the API (no kill yet): new orders at each signing stage, orders home. */
async function readyRound(server: DemoServer, db: Db, data: Data, sessions: Sessions): Promise<Readied> {
  const prep = new Round(server.base);
  const chains = await Promise.all(
    Array.from({ length: SIGNING_CHAINS }, async (_, i) => {
      // Each chain's employee signs a new order of theirs every round.
      const employee = data.signers[i] as Employee;
      const stage = SIGNING_STAGES[i % SIGNING_STAGES.length] as SigningStage;
      const orderId = await packagedOrder(db, {
        employmentId: employee.employmentId,
        companyId: employee.companyId,
        lines: [
          { name: "Kestotesti-pyörä", unitPriceCents: 150_000 },
          { itemType: "ACCESSORY", name: "Lukko", unitPriceCents: 6_000 },
        ],
      });
      const as = sessionOf(sessions, employee.email);
      const at = SIGNING_STAGES.indexOf(stage);
      let code: string | null = null;
      if (at > 0) await accept(prep, as, orderId);
      if (at > 1)
        code = String((await prep.send("code", as, "POST", `/api/orders/${orderId}/sign/code`)).devCode);
      if (at > 2) await prep.send("sign", as, "POST", `/api/orders/${orderId}/sign`, { code });
      if (at > 3) {
        await prep.send("decide", sessions.employer, "POST", `/api/orders/${orderId}/employer-decision`, {
          approve: true,
        });
      }
      return { employee, orderId, stage, code };
    }),
  );
  // Orders a kill left in the side state go back where they came from.
  const statuses = await rawRows<{ id: string; status: string }>(
    db,
    sql`select id::text as "id", order_status::text as "status" from orders
        where id in (${sql.join(
          data.movedOrders.map((o) => sql`${o.id}::uuid`),
          sql`, `,
        )})`,
  );
  for (const order of data.movedOrders) {
    const now = statuses.find((s) => s.id === order.id)?.status;
    if (now === "WAITING_FOR_CUSTOMER_COMMENT") {
      await prep.send("resume", sessions.helpdesk, "POST", `/api/orders/${order.id}/status`, {
        to: order.home,
      });
    } else if (now !== order.home) {
      throw new Error(`order ${order.id} is in ${now}, not in ${order.home} or the side state`);
    }
  }
  return { chains };
}

/** Every flow of the round, started at once; settles when each has ended. */
function startFlows(round: Round, data: Data, sessions: Sessions, readied: Readied): Promise<FlowResult>[] {
  const { helpdesk, employer } = sessions;
  const flows: Promise<FlowResult>[] = [];

  for (const chain of readied.chains) {
    const as = sessionOf(sessions, chain.employee.email);
    const id = chain.orderId;
    const at = SIGNING_STAGES.indexOf(chain.stage);
    flows.push(
      round.run("signing", async () => {
        if (at <= 0) await accept(round, as, id);
        let code = chain.code;
        if (at <= 1)
          code = String((await round.send("sign/code", as, "POST", `/api/orders/${id}/sign/code`)).devCode);
        if (at <= 2) await round.send("sign", as, "POST", `/api/orders/${id}/sign`, { code });
        if (at <= 3) {
          await round.send("employer-decision", employer, "POST", `/api/orders/${id}/employer-decision`, {
            approve: true,
          });
        }
        await round.send(
          "send-to-leasing-company",
          helpdesk,
          "POST",
          `/api/orders/${id}/send-to-leasing-company`,
        );
      }),
    );
  }

  const move = (order: MovedOrder, to: string) =>
    round.send(
      to === order.home ? "resume" : "to comment",
      helpdesk,
      "POST",
      `/api/orders/${order.id}/status`,
      { to, note: "Kestotesti" },
    );
  const singles = data.movedOrders.slice(0, SINGLE_MOVES);
  for (const order of singles) {
    flows.push(
      round.run("order move", async () => {
        for (let i = 0; i < 2; i++) {
          await move(order, "WAITING_FOR_CUSTOMER_COMMENT");
          await move(order, order.home);
        }
      }),
    );
  }
  const bulk = data.movedOrders.slice(SINGLE_MOVES, SINGLE_MOVES + BULK_MOVE_ORDERS);
  if (bulk.length > 0) {
    flows.push(
      round.run("bulk move", async () => {
        const answer = await round.send("bulk to comment", helpdesk, "POST", "/api/orders/bulk-status", {
          orderIds: bulk.map((o) => o.id),
          to: "WAITING_FOR_CUSTOMER_COMMENT",
        });
        const refused = (answer.results as { ok: boolean; code?: string }[]).filter((r) => !r.ok);
        if (refused.length > 0)
          throw new ErrorAnswer("bulk to comment", 200, refused.map((r) => r.code).join(","));
        for (const order of bulk) await move(order, order.home);
      }),
    );
  }

  data.claimOwners.slice(0, CLAIM_UPLOADS).forEach((owner, i) => {
    const as = sessionOf(sessions, owner.email);
    flows.push(
      round.run("claim photos", async () => {
        const claim = await round.send("claim", as, "POST", "/api/insurance-claims", {
          beneficiaryEmployeeId: owner.employmentId,
          type: "DAMAGE",
          orderId: owner.orderId,
          description: "Kaatuminen pyörätiellä, etuhaarukka vääntyi.",
        });
        const id = String(claim.insuranceId);
        for (const n of [1, 2]) {
          await round.send(
            "photo",
            as,
            "POST",
            `/api/insurance-claims/${id}/files?fileName=vaurio-${n}.png`,
            PHOTO,
          );
        }
        // Every other claim is withdrawn, its photos with it; the rest keep theirs.
        if (i % 2 === 0) await round.send("delete claim", as, "DELETE", `/api/insurance-claims/delete/${id}`);
      }),
    );
  });

  const cancellationId = data.cancellationId;
  if (cancellationId) {
    for (let i = 0; i < RECEIPT_UPLOADS; i++) {
      flows.push(
        round.run("refund receipts", async () => {
          const upload = (n: number) =>
            round.send(
              "receipt",
              helpdesk,
              "POST",
              `/api/refund/upload?orderCancellationId=${cancellationId}&fileName=kuitti-${i}-${n}.pdf&amountCents=2500`,
              RECEIPT,
            );
          const first = await upload(1);
          await upload(2);
          await round.send(
            "delete receipt",
            helpdesk,
            "DELETE",
            `/api/delete-refund/${String(first.refundUploadId)}`,
          );
        }),
      );
    }
  }
  return flows;
}

export type KillRound = {
  round: number;
  killAfterMs: number;
  requestsInFlightAtKill: number;
  /** Event-log and file rows the round's flows committed before the kill: the kill came amid writes. */
  committedBeforeKill: { events: number; files: number };
  flows: Record<string, Record<Outcome, number>>;
  failures: string[];
  cutAt: Record<string, number>;
  restartMs: number;
  findingsAfterKill: Finding[];
  findingsAfterRestart: Finding[];
};

export type KillReport = { rounds: KillRound[]; missed: string[] };

/** How many event-log and file rows there are: what the round's flows committed is the difference. */
async function writtenRows(db: Db): Promise<{ events: number; files: number }> {
  const [row] = await rawRows<{ events: number; files: number }>(
    db,
    sql`select (select count(*) from event_log)::int as "events", (select count(*) from files)::int as "files"`,
  );
  return row ?? { events: 0, files: 0 };
}

function printFindings(when: string, findings: Finding[]): void {
  if (findings.length === 0) return;
  console.info(`    BROKEN ${when}:`);
  for (const f of findings) console.info(`      ${f.rule}: ${f.count} rows, e.g. ${f.ids.join(", ")}`);
}

/**
 * `kills` rounds, each killing the server a random time within `window` after its flows start (by
 * default 50–500 ms: amid the first requests' transactions; a later window reaches the chains' later
 * steps, as the flows of a round take a few seconds on a busy machine).
 */
export async function killTest(
  kills: number,
  window: { min: number; max: number } = { min: 50, max: 500 },
): Promise<KillReport> {
  const rounds: KillRound[] = [];
  const missed: string[] = [];
  console.info("kill: a fresh database with the demo data...");
  const server = await startDemoServer("kill");
  const database = fromPostgresUrl(server.databaseUrl, { max: 4 });
  const files = createFileStore(localBlobStore(server.filesDir));
  try {
    const check = () => checkConsistency(database.db, files);
    const baseline = await check();
    if (baseline.length > 0) {
      printFindings("before any kill (the demo data itself)", baseline);
      return { rounds, missed: ["kill: the fresh demo data already breaks the database's promises"] };
    }
    const data = await pickData(database.db);
    if (data.signers.length < SIGNING_CHAINS || data.claimOwners.length < CLAIM_UPLOADS) {
      throw new Error("The demo data has too few employees for the kill test's flows");
    }
    let sessions = await logIn(server.base, data);
    let loggedInAt = performance.now();
    for (let n = 1; n <= kills; n++) {
      // A session lasts 15 minutes: a long run logs in again before it ends.
      if (performance.now() - loggedInAt > 10 * 60_000) {
        sessions = await logIn(server.base, data);
        loggedInAt = performance.now();
      }
      const readied = await readyRound(server, database.db, data, sessions);
      const round = new Round(server.base);
      const killAfterMs = Math.round(window.min + Math.random() * (window.max - window.min));
      const before = await writtenRows(database.db);
      const flows = startFlows(round, data, sessions, readied);
      await new Promise((resolve) => setTimeout(resolve, killAfterMs));
      round.killedAt = performance.now();
      round.inFlightAtKill = round.inFlight;
      await server.kill();
      const results = await Promise.all(flows);
      const after = await writtenRows(database.db);
      const committedBeforeKill = { events: after.events - before.events, files: after.files - before.files };

      const findingsAfterKill = await check();
      const restartMs = await server.restart();
      const findingsAfterRestart = await check();

      const byKind: Record<string, Record<Outcome, number>> = {};
      const cutAt: Record<string, number> = {};
      for (const r of results) {
        byKind[r.kind] ??= { completed: 0, failed: 0, cut: 0, stopped: 0 };
        (byKind[r.kind] as Record<Outcome, number>)[r.outcome]++;
        if (r.outcome === "cut") cutAt[r.step] = (cutAt[r.step] ?? 0) + 1;
      }
      const failures = results
        .filter((r) => r.outcome === "failed")
        .map((r) => `${r.kind} at ${r.step}: ${r.detail ?? ""}`);
      const report: KillRound = {
        round: n,
        killAfterMs,
        requestsInFlightAtKill: round.inFlightAtKill,
        committedBeforeKill,
        flows: byKind,
        failures,
        cutAt,
        restartMs,
        findingsAfterKill,
        findingsAfterRestart,
      };
      rounds.push(report);

      const total = (o: Outcome) => results.filter((r) => r.outcome === o).length;
      console.info(
        `round ${n}/${kills}: killed ${killAfterMs} ms after ${results.length} flows started, ${round.inFlightAtKill} of ${round.requests} requests in flight; ${OUTCOMES.map((o) => `${total(o)} ${o}`).join(", ")}; ${committedBeforeKill.events} events and ${committedBeforeKill.files} files committed before the kill; healthy again in ${(restartMs / 1000).toFixed(1)} s`,
      );
      for (const [kind, counts] of Object.entries(byKind)) {
        console.info(`    ${kind.padEnd(16)} ${OUTCOMES.map((o) => `${counts[o]} ${o}`).join(", ")}`);
      }
      console.info(
        `    cut at: ${
          Object.entries(cutAt)
            .map(([step, count]) => `${step} ${count}`)
            .join(", ") || "nothing"
        }`,
      );
      if (failures.length > 0) console.info(`    failed: ${failures.join("; ")}`);
      printFindings("after the kill", findingsAfterKill);
      printFindings("after the restart", findingsAfterRestart);
      console.info(
        `    consistency: ${findingsAfterKill.length === 0 ? "kept" : "BROKEN"} after the kill, ${
          findingsAfterRestart.length === 0 ? "kept" : "BROKEN"
        } after the restart`,
      );
      for (const [when, findings] of [
        ["after the kill", findingsAfterKill],
        ["after the restart", findingsAfterRestart],
      ] as const) {
        for (const f of findings) missed.push(`kill round ${n}, ${when}: ${f.rule} (${f.ids.join(", ")})`);
      }
    }
    if (rounds.length > 0 && rounds.every((r) => Object.values(r.cutAt).length === 0)) {
      console.info(
        "kill: no kill found a request in flight: nothing was interrupted, so nothing was tested.",
      );
      missed.push("kill: no round's kill cut a request in flight");
    }
    return { rounds, missed };
  } finally {
    await database.close();
    await files.close();
    await server.dispose();
  }
}
