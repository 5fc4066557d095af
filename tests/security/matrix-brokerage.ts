import { bikeBrokerageInquiries, bikeBrokerages } from "../../src/server/db/schema/index.ts";
import type { Expectations, Fixtures, MatrixRow } from "./access-matrix.ts";

/**
 * The bike brokerage and its inquiries. Rows read as those of access-matrix.ts (see its header); only types come from there.
 *
 * The brokerage belongs to Pedaali, not to a tenant: the helpdesk's calls need brokerage.manage, which
 * only the admin tier holds (so every employer role, the employee and the other tenant get 403); the
 * public list and asking to buy need brokerage.use, which every logged-in user holds. Each case acts
 * on a throw-away bike (or inquiry) made for it.
 */
const adminsOnly: Expectations = { anonymous: 401, admins: "ok", rest: 403 };
const loggedIn: Expectations = { anonymous: 401, rest: "ok" };

/** A fresh bike added by hand, for sale and listed unless told otherwise; answers its id. */
async function freshBike(f: Fixtures, listed = true): Promise<string> {
  const [row] = await f.db
    .insert(bikeBrokerages)
    .values({
      contactName: "Pedaali asiakaspalvelu",
      contactEmail: "info@pedaali.fi",
      brand: "Tunturi",
      model: f.uniqueName("Matriisi"),
      askingPriceCents: 50_000,
      city: "Turku",
      status: "PENDING",
      listedAt: listed ? new Date() : null,
    })
    .returning({ id: bikeBrokerages.id });
  return row?.id as string;
}

async function freshInquiry(f: Fixtures): Promise<string> {
  const [row] = await f.db
    .insert(bikeBrokerageInquiries)
    .values({
      bikeBrokerageId: await freshBike(f),
      name: "Matti Matriisi",
      email: "matti.matriisi@demo.test",
      message: "Onko vielä myynnissä?",
    })
    .returning({ id: bikeBrokerageInquiries.id });
  return row?.id as string;
}

export const BROKERAGE_ROWS: readonly MatrixRow[] = [
  {
    operation: "GET /api/bike-brokerage",
    call: () => ({ query: { status: "PENDING" } }),
    expect: adminsOnly,
  },
  {
    operation: "POST /api/bike-brokerage",
    ok: 201,
    call: (f) => ({
      body: { brand: "Helkama", model: f.uniqueName("Jopo"), askingPriceCents: 25_000, listed: false },
    }),
    expect: adminsOnly,
  },
  {
    operation: "GET /api/bike-brokerage/listed",
    call: () => ({ query: { frameSize: "M" } }),
    expect: loggedIn,
  },
  {
    operation: "GET /api/bike-brokerage/{id}",
    call: async (f) => ({ params: { id: await freshBike(f) } }),
    expect: adminsOnly,
  },
  {
    operation: "PUT /api/bike-brokerage/{id}",
    call: async (f) => ({ params: { id: await freshBike(f, false) }, body: { listed: true, city: "Espoo" } }),
    expect: adminsOnly,
  },
  {
    operation: "DELETE /api/bike-brokerage/{id}",
    call: async (f) => ({ params: { id: await freshBike(f, false) } }),
    expect: adminsOnly,
  },
  {
    // Any logged-in user may ask about a listed bike; each case asks about a bike of its own.
    operation: "POST /api/bike-brokerage/{id}/inquiries",
    ok: 201,
    call: async (f) => ({
      params: { id: await freshBike(f) },
      body: { name: "Matti Matriisi", email: "matti.matriisi@demo.test", message: "Onko vielä myynnissä?" },
    }),
    expect: loggedIn,
  },
  {
    operation: "PUT /api/bike-brokerage/inquiries/{inquiryId}",
    call: async (f) => ({ params: { inquiryId: await freshInquiry(f) }, body: { handled: true } }),
    expect: adminsOnly,
  },
];
