import { i18n } from "../../../../i18n/i18n.ts";
import { showToast } from "../../../../lib/toast.ts";

/** A brokerage success said as a toast (top right, like the error toasts). */
export function showBrokerageToast(message: string): void {
  void showToast({
    color: "pedaali",
    position: "top-right",
    message,
    closeButtonProps: { "aria-label": i18n.t("common.close") },
  });
}
