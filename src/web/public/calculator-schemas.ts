// The first part of the calculator's code in the public entry (ADR 023): Zod and the calculator's
// contract, whose schemas are made as it loads; public/page-tree.tsx loads it before the page's part.
export { calculatorApi } from "../../contract/calculator.ts";
