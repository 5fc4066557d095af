import { Alert, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";

export type SectionMessage = { tone: "success" | "error"; text: string };

/**
 * What became of a section's last save or delete, under its heading: a success in a polite live
 * region (present from the start, so it is announced), a failure as an alert with what to do.
 */
export function SectionStatus({
  message,
  onDismiss,
}: {
  message: SectionMessage | null;
  onDismiss: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <div role="status">
        {message?.tone === "success" && (
          <Text size="sm" c="var(--pd-success)" fw={600}>
            {message.text}
          </Text>
        )}
      </div>
      {message?.tone === "error" && (
        <Alert
          color="red"
          variant="light"
          title={t("adminTaxTables.actionFailedTitle")}
          withCloseButton
          closeButtonLabel={t("common.close")}
          onClose={onDismiss}
        >
          {message.text}
        </Alert>
      )}
    </>
  );
}

/** The state behind SectionStatus. */
export function useSectionStatus() {
  const [message, setMessage] = useState<SectionMessage | null>(null);
  return {
    message,
    success: (text: string) => setMessage({ tone: "success", text }),
    failure: (text: string) => setMessage({ tone: "error", text }),
    clear: () => setMessage(null),
    element: <SectionStatus message={message} onDismiss={() => setMessage(null)} />,
  };
}
