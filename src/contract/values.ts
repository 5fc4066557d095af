import { z } from "zod";
import {
  implausibleDate,
  implausibleDateMessage,
  PLAUSIBLE_DATE_RULE,
  type PlausibleDateKind,
} from "../domain/plausible-dates.ts";
import { lazy } from "./lazy.ts";

/**
 * Value types shared by the reference-data contracts (tax tables, billing tables, VAT), bounded so that
 * every value the contract lets through fits its PostgreSQL column: an integer column, numeric(6,3)
 * percentages, the date type.
 */

/** The largest value of a PostgreSQL integer column. */
export const INT4_MAX = 2_147_483_647;

/** An amount in cents, never negative. */
export const zCents = lazy(() => z.int().min(0).max(INT4_MAX));

/** A percentage 0–100 with at most two decimals (17.25). */
export const zPercent = lazy(() => z.number().min(0).max(100).multipleOf(0.01));

/**
 * A calendar date as YYYY-MM-DD (a real date: no 30 February), between the years 1900 and 2999, so
 * that PostgreSQL's date type takes every value the contract lets through.
 */
export const zDateOnly = lazy(() =>
  z.iso
    .date()
    .refine(
      (value) => value >= "1900-01-01" && value <= "2999-12-31",
      "Must be a date between 1900 and 2999",
    ),
);

/** Statistics Finland's three-digit municipality code ("091" Helsinki, "092" Vantaa). */
export const zMunicipalityCode = lazy(() => z.string().regex(/^\d{3}$/, "Three digits, e.g. 091"));

/**
 * A date a person types, held to the span its kind can plausibly fall in (src/domain/plausible-dates.ts,
 * counted from the day of the request). The issue's params name the rule and the span, so a form and the
 * server's 400 say the same words ("give a date from … to …"). `open` is a value that stands for no date
 * at all (the default last working day 2999-01-01), kept for a client that sends back what it was given.
 */
export function zPlausibleDate(kind: PlausibleDateKind, { open }: { open?: string } = {}) {
  return zDateOnly.superRefine((value, ctx) => {
    if (value === open) return;
    const span = implausibleDate(kind, value);
    if (span) {
      ctx.addIssue({
        code: "custom",
        message: implausibleDateMessage(span),
        params: { rule: PLAUSIBLE_DATE_RULE, from: span.from, to: span.to },
      });
    }
  });
}
