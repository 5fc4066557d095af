import { and, asc, desc, eq, inArray, ne } from "drizzle-orm";
import type { TBillingTable, TBillingTableInput, TBillingTables } from "../../../contract/billing-tables.ts";
import type { AppContext } from "../../context.ts";
import type { Db } from "../../db/client.ts";
import { lockRows } from "../../db/lock-order.ts";
import { isUniqueViolation } from "../../db/postgres-errors.ts";
import { billingTableRows, billingTables, leasingCompanies } from "../../db/schema/index.ts";
import { inTransaction } from "../../db/transaction.ts";
import { badRequest, conflict, notFound } from "../../errors.ts";
import { invalidateCalculatorParameters } from "../calculator/parameters-cache.ts";

/**
 * Billing tables (docs/api-surface.md "Billing tables"): a leasing company's terms with their price brackets, written
 * together in one transaction. The operator's reference data: only the admin tier (billing-tables.manage)
 * reaches it. The contract checks the terms and brackets; here the leasing company must exist, and the
 * one default table stays one: making a table the default clears the flag of the others first.
 */

type TableRow = typeof billingTables.$inferSelect & { leasingCompanyName: string | null };
type BracketRow = typeof billingTableRows.$inferSelect;

function toBillingTable(table: TableRow, rows: readonly BracketRow[]): TBillingTable {
  return {
    id: table.id,
    billingTableId: table.id,
    name: table.name,
    leasingCompanyId: table.leasingCompanyId,
    leasingCompanyName: table.leasingCompanyName,
    validFrom: table.validFrom,
    validTo: table.validTo,
    monthlyServiceFeeCents: table.monthlyServiceFeeCents,
    residualValuePercent: table.residualValuePercent,
    annualInterestPercent: table.annualInterestPercent,
    insurancePercentPerYear: table.insurancePercentPerYear,
    monthlyMaintenanceCents: table.monthlyMaintenanceCents,
    minLeaseMonths: table.minLeaseMonths,
    maxLeaseMonths: table.maxLeaseMonths,
    campaignDiscountPercent: table.campaignDiscountPercent,
    campaignMinLeaseMonths: table.campaignMinLeaseMonths,
    isDefault: table.isDefault,
    notes: table.notes,
    rows: rows
      .filter((r) => r.billingTableId === table.id)
      .sort((a, b) => a.minTotalCents - b.minTotalCents)
      .map((r) => ({
        id: r.id,
        minTotalCents: r.minTotalCents,
        maxTotalCents: r.maxTotalCents,
        leaseTimeMonths: r.leaseTimeMonths,
      })),
    createdAt: table.createdAt.toISOString(),
    updatedAt: table.updatedAt.toISOString(),
  };
}

/** The table's columns as the body gives them (optional nullables stored as null). */
function tableValues(input: TBillingTableInput) {
  const { rows: _, ...terms } = input;
  return {
    ...terms,
    leasingCompanyId: input.leasingCompanyId ?? null,
    validFrom: input.validFrom ?? null,
    validTo: input.validTo ?? null,
    residualValuePercent: input.residualValuePercent ?? null,
    campaignDiscountPercent: input.campaignDiscountPercent ?? null,
    campaignMinLeaseMonths: input.campaignMinLeaseMonths ?? null,
    notes: input.notes || null,
  };
}

/**
 * The public calculator prices with the default table, so once there is one there stays one: the flag
 * moves to another table (making that one the default), it is never just taken away.
 */
const defaultStays = () =>
  conflict("CONFLICT", "The default billing table stays the default until another table is made the default");
const defaultTaken = () =>
  conflict("CONFLICT", "Another billing table was made the default at the same time; try again");

export function createBillingTablesService(ctx: AppContext) {
  const { db } = ctx.database;

  async function load(ids?: string[]): Promise<TBillingTable[]> {
    const tables = await db
      .select({
        table: billingTables,
        leasingCompanyName: leasingCompanies.companyName,
      })
      .from(billingTables)
      .leftJoin(leasingCompanies, eq(leasingCompanies.id, billingTables.leasingCompanyId))
      .where(ids ? inArray(billingTables.id, ids) : undefined)
      .orderBy(desc(billingTables.isDefault), asc(billingTables.name), asc(billingTables.id));
    if (tables.length === 0) return [];
    const rows = await db
      .select()
      .from(billingTableRows)
      .where(
        inArray(
          billingTableRows.billingTableId,
          tables.map((t) => t.table.id),
        ),
      );
    return tables.map((t) => toBillingTable({ ...t.table, leasingCompanyName: t.leasingCompanyName }, rows));
  }

  async function byId(id: string): Promise<TBillingTable> {
    const [table] = await load([id]);
    if (!table) throw notFound("Billing table");
    return table;
  }

  /** The leasing company exists (locked against deletion until the transaction ends); else 400. */
  async function ensureLeasingCompany(tx: Db, leasingCompanyId: string | null | undefined): Promise<void> {
    if (!leasingCompanyId) return;
    const [company] = await lockRows(
      tx,
      "leasingCompany",
      tx
        .select({ id: leasingCompanies.id })
        .from(leasingCompanies)
        .where(eq(leasingCompanies.id, leasingCompanyId))
        .for("share"),
    );
    if (!company) {
      throw badRequest("The leasing company does not exist", [
        { field: "body.leasingCompanyId", message: "No leasing company has this id" },
      ]);
    }
  }

  /**
   * Writes the table (a new one when `id` is null) and replaces its brackets, in one transaction;
   * answers its id, or null when `id` names no table.
   */
  async function write(id: string | null, input: TBillingTableInput): Promise<string | null> {
    try {
      return await inTransaction(db, async (tx) => {
        await ensureLeasingCompany(tx, input.leasingCompanyId);
        if (id) {
          const [existing] = await lockRows(
            tx,
            "billingTable",
            tx
              .select({ id: billingTables.id, isDefault: billingTables.isDefault })
              .from(billingTables)
              .where(eq(billingTables.id, id))
              .for("update"),
          );
          if (!existing) return null;
          if (existing.isDefault && !input.isDefault) throw defaultStays();
        }
        // The partial unique index allows one default: take the flag from the others first.
        if (input.isDefault) {
          await tx
            .update(billingTables)
            .set({ isDefault: false })
            .where(
              id
                ? and(eq(billingTables.isDefault, true), ne(billingTables.id, id))
                : eq(billingTables.isDefault, true),
            );
        }
        let tableId = id;
        if (tableId) {
          await tx.update(billingTables).set(tableValues(input)).where(eq(billingTables.id, tableId));
          await tx.delete(billingTableRows).where(eq(billingTableRows.billingTableId, tableId));
        } else {
          const [created] = await tx
            .insert(billingTables)
            .values(tableValues(input))
            .returning({ id: billingTables.id });
          tableId = created?.id ?? null;
          if (!tableId) throw new Error("insert returned no billing table");
        }
        const owner = tableId;
        await tx.insert(billingTableRows).values(
          input.rows.map((r) => ({
            billingTableId: owner,
            minTotalCents: r.minTotalCents,
            maxTotalCents: r.maxTotalCents ?? null,
            leaseTimeMonths: r.leaseTimeMonths,
          })),
        );
        return tableId;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw defaultTaken();
      throw error;
    } finally {
      // The default table prices the public calculator: its copy is dropped once the change committed.
      invalidateCalculatorParameters(db);
    }
  }

  return {
    async list(): Promise<TBillingTables> {
      return { billingTables: await load() };
    },

    get: byId,

    async create(input: TBillingTableInput): Promise<TBillingTable> {
      const id = await write(null, input);
      return byId(id as string);
    },

    async update(id: string, input: TBillingTableInput): Promise<TBillingTable> {
      const written = await write(id, input);
      if (!written) throw notFound("Billing table");
      return byId(written);
    },

    /**
     * Companies and orders that named the table keep none (their foreign keys are set null). The
     * default table is not deleted: another table is made the default first.
     */
    async remove(id: string): Promise<{ message: string }> {
      await inTransaction(db, async (tx) => {
        const [existing] = await lockRows(
          tx,
          "billingTable",
          tx
            .select({ isDefault: billingTables.isDefault })
            .from(billingTables)
            .where(eq(billingTables.id, id))
            .for("update"),
        );
        if (!existing) throw notFound("Billing table");
        if (existing.isDefault) {
          throw conflict(
            "CONFLICT",
            "The default billing table cannot be deleted; make another table the default first",
          );
        }
        await tx.delete(billingTables).where(eq(billingTables.id, id));
      });
      invalidateCalculatorParameters(db);
      return { message: "Billing table deleted" };
    },
  };
}
