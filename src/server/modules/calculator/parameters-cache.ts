import { eq } from "drizzle-orm";
import type { TCalculatorParameters } from "../../../contract/calculator.ts";
import type { MunicipalRate, TaxYear } from "../../../domain/tax/tax-year.ts";
import type { Db } from "../../db/client.ts";
import {
  provinceTaxTables,
  stateIncomeTaxTables,
  taxpayerDeductionsTables,
  taxTables,
} from "../../db/schema/index.ts";
import { type BillingTableRow, billingTableFor } from "../billing-tables/queries.ts";
import { loadMunicipalRates, loadTaxYears } from "../tax-tables/tax-year-rows.ts";

/**
 * The calculator's parameters (the four tax tables and the default billing table, nine queries) kept in
 * the process between calls: they change a few times a year, the public calculator runs on every
 * keystroke of its form. Every admin write of those tables calls `invalidateCalculatorParameters` after
 * it commits, so this process answers the new figures at once.
 *
 * With two or more instances behind the load balancer an edit invalidates only the instance that took
 * it; the others keep their copy for at most PARAMETERS_TTL_MS. That minute is the safety net, and the
 * price of a stale minute is a preview figure, never a saved order (an order's offer reads its terms
 * itself, employmentLeaseTerms).
 */

const PARAMETERS_TTL_MS = 60_000;

export type CalculatorParameterRows = {
  taxYears: TaxYear[];
  municipalities: MunicipalRate[];
  /** The default billing table; null while there is none (the calculator answers 503). */
  defaultBillingTable: BillingTableRow | null;
  unconfirmed: TCalculatorParameters["unconfirmed"];
};

type Entry = { rows: Promise<CalculatorParameterRows>; loadedAt: number };
type Slot = { entry: Entry | null };

/** One slot per database, so that two apps in one process (the tests) never share figures. */
const slots = new WeakMap<Db, Slot>();

function slotOf(db: Db): Slot {
  let slot = slots.get(db);
  if (!slot) {
    slot = { entry: null };
    slots.set(db, slot);
  }
  return slot;
}

/** The figures the tax tables hold as unconfirmed, named with their sources (shown on the page). */
async function unconfirmedFigures(db: Db): Promise<CalculatorParameterRows["unconfirmed"]> {
  const [tables, brackets, deductions, rates] = await Promise.all([
    db.select().from(taxTables).where(eq(taxTables.confirmed, false)),
    db.select().from(stateIncomeTaxTables).where(eq(stateIncomeTaxTables.confirmed, false)),
    db.select().from(taxpayerDeductionsTables).where(eq(taxpayerDeductionsTables.confirmed, false)),
    db.select().from(provinceTaxTables).where(eq(provinceTaxTables.confirmed, false)),
  ]);
  return [
    ...tables.map((t) => ({ table: "tax-table", year: t.year, name: "payroll", source: t.source })),
    ...brackets.map((b) => ({
      table: "state-income-tax-table",
      year: b.year,
      name: String(b.lowerLimitCents / 100),
      source: b.source,
    })),
    ...deductions.map((d) => ({
      table: "taxpayer-deductions-table",
      year: d.year,
      name: d.deductionType,
      source: d.source,
    })),
    ...rates.map((r) => ({
      table: "province-tax-table",
      year: r.year,
      name: r.provinceName,
      source: r.source,
    })),
  ];
}

async function loadRows(db: Db): Promise<CalculatorParameterRows> {
  const [taxYears, municipalities, defaultBillingTable, unconfirmed] = await Promise.all([
    loadTaxYears(db),
    loadMunicipalRates(db),
    billingTableFor(db, null),
    unconfirmedFigures(db),
  ]);
  return { taxYears, municipalities, defaultBillingTable, unconfirmed };
}

/**
 * The calculator's parameters, from this process's copy while it is younger than the TTL and no write
 * has invalidated it. Calls that arrive together while it loads share the one load.
 */
export function calculatorParameterRows(db: Db, now: number = Date.now()): Promise<CalculatorParameterRows> {
  const slot = slotOf(db);
  if (slot.entry && now - slot.entry.loadedAt < PARAMETERS_TTL_MS) return slot.entry.rows;
  const entry: Entry = { rows: loadRows(db), loadedAt: now };
  slot.entry = entry;
  // A failed load is not kept: the next call tries again.
  entry.rows.catch(() => {
    if (slot.entry === entry) slot.entry = null;
  });
  return entry.rows;
}

/**
 * Forgets this process's copy: every write of the tax tables or the billing tables calls it after its
 * commit (the tax-tables and billing-tables services), so the next calculation reads the new figures.
 */
export function invalidateCalculatorParameters(db: Db): void {
  // A load still running when the edit committed may hold the old rows: dropping the entry drops it too.
  slotOf(db).entry = null;
}
