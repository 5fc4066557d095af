import type { Language, OrderStatus } from "../../domain/enums.ts";
import { EXPORT_TEXTS } from "../modules/employees/export-texts.ts";

/**
 * What the server calls an order status in each language (notifications, exports): the employee
 * export's words, which tests/unit/export-labels.test.ts keeps equal to the web app's.
 */
export function orderStatusWord(language: Language, status: OrderStatus): string {
  return EXPORT_TEXTS[language].orderStatus[status];
}
