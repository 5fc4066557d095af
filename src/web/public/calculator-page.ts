// The calculator's chunk in the public entry (ADR 023): its page, its engine (src/domain/calculator) and
// the Mantine component styles it renders, loaded by /laskuri only.
import "../lib/mantine-styles.ts";

export { CalculatorPage } from "../features/calculator/calculator-page.tsx";
