import { Text } from "@mantine/core";
import { i18n } from "../../../../i18n/i18n.ts";
import { showToast } from "../../../../lib/toast.ts";

/** A case action's success said as a toast. */
export function showDone(message: string): void {
  void showToast({
    color: "pedaali",
    message,
    closeButtonProps: { "aria-label": i18n.t("common.close") },
  });
}

/** An action's failure inside its dialog (the dialog's text is one block: the alert follows inline). */
export function DialogError({ text }: { text: string }) {
  return (
    <Text component="span" role="alert" c="red" display="block" mt="sm">
      {text}
    </Text>
  );
}
