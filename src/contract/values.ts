import { z } from "zod";

/**
 * Value types shared by the reference-data contracts (tax tables, billing tables, VAT), bounded so that
 * every value the contract lets through fits its PostgreSQL column: an integer column, numeric(6,3)
 * percentages, the date type.
 */

/** The largest value of a PostgreSQL integer column. */
export const INT4_MAX = 2_147_483_647;

/** An amount in cents, never negative. */
export const zCents = z.number().int().min(0).max(INT4_MAX);

/** A percentage 0–100 with at most two decimals (17.25). */
export const zPercent = z.number().min(0).max(100).multipleOf(0.01);

/**
 * A calendar date as YYYY-MM-DD (a real date: no 30 February), between the years 1900 and 2999, so
 * that PostgreSQL's date type takes every value the contract lets through.
 */
export const zDateOnly = z.iso
  .date()
  .refine((value) => value >= "1900-01-01" && value <= "2999-12-31", "Must be a date between 1900 and 2999");
