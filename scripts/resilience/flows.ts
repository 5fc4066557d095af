/**
 * The work the resilience tests put on a server with the demo data (kill.ts kills it amid that work,
 * backup.ts backs the database up amid it): each round readies new orders at every signing stage
 * through the API, then starts its flows at once — signings to the leasing company, the helpdesk's order
 * moves one by one and in bulk, employees' claims with photos (every other one withdrawn), and the
 * helpdesk's refund receipts — and records which requests were in flight when `cutAt` was set.
 */
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "../../src/server/db/client.ts";
import { rawRows } from "../../src/server/db/raw.ts";
import { DEMO_COMPANIES, DEMO_USERS } from "../../src/server/db/seed/demo-data.ts";
import { packagedOrder } from "../../tests/helpers/package-order.ts";
import { login, nextAddress, type Session } from "../bench/server.ts";

/** How many of each flow a round starts. */
export const SIGNING_CHAINS = 8;
const SINGLE_MOVES = 8;
const BULK_MOVE_ORDERS = 5;
export const CLAIM_UPLOADS = 6;
const RECEIPT_UPLOADS = 3;
/** A photo of a few hundred kilobytes: its bytes take a while to write, as a phone's photo does. */
const PHOTO = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  randomBytes(300_000),
]);
const RECEIPT = Buffer.concat([Buffer.from("%PDF-1.4\n"), randomBytes(120_000)]);

export type Outcome = "completed" | "failed" | "cut" | "stopped";
export const OUTCOMES: readonly Outcome[] = ["completed", "failed", "cut", "stopped"];

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

export type FlowResult = { kind: string; outcome: Outcome; step: string; detail?: string };

/** One round's requests: which were in flight when the server was killed. */
export class Round {
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

export type Data = {
  signers: Employee[];
  claimOwners: ClaimOwner[];
  movedOrders: MovedOrder[];
  cancellationId: string | null;
};

/** The demo's rows the flows use, picked once from the fresh database. */
export async function pickData(db: Db): Promise<Data> {
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

export type Sessions = { helpdesk: Session; employer: Session; byEmail: Map<string, Session> };

export async function logIn(base: string, data: Data): Promise<Sessions> {
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

export type Readied = {
  chains: { employee: Employee; orderId: string; stage: SigningStage; code: string | null }[];
};

/** The round's work readied through the API (no kill yet): new orders at each signing stage, orders home. */
export async function readyRound(base: string, db: Db, data: Data, sessions: Sessions): Promise<Readied> {
  const prep = new Round(base);
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
export function startFlows(
  round: Round,
  data: Data,
  sessions: Sessions,
  readied: Readied,
): Promise<FlowResult>[] {
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

/** How many event-log and file rows there are: what the round's flows committed is the difference. */
export async function writtenRows(db: Db): Promise<{ events: number; files: number }> {
  const [row] = await rawRows<{ events: number; files: number }>(
    db,
    sql`select (select count(*) from event_log)::int as "events", (select count(*) from files)::int as "files"`,
  );
  return row ?? { events: 0, files: 0 };
}
