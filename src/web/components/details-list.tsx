import type { ReactNode } from "react";
import classes from "./details-list.module.css";

export type DetailsItem = { label: string; value: ReactNode };

/**
 * Key-value details (a company's, an order's, a person's) as a description list: labels and values in
 * aligned columns on a desktop, stacked on a phone, every value in the same font size. An empty value
 * shows a dash, so no row looks broken.
 */
export function DetailsList({ items }: { items: readonly DetailsItem[] }) {
  return (
    <dl className={classes.list}>
      {items.map((item) => (
        <div key={item.label} className={classes.row}>
          <dt className={classes.label}>{item.label}</dt>
          <dd className={classes.value}>{isBlank(item.value) ? "–" : item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

function isBlank(value: ReactNode): boolean {
  return (
    value === null || value === undefined || value === false || (typeof value === "string" && !value.trim())
  );
}
