import { Alert, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";

type SectionMessage = { tone: "success" | "error"; text: string };

/**
 * What became of a company section's last change, under its heading: a success in a polite live region
 * (present from the start, so it is announced), a failure as an alert that says what failed and why.
 * The admin's reference-data screens have the same thing with their own texts (tax-tables/section-status).
 */
function SectionStatus({ message, onDismiss }: { message: SectionMessage | null; onDismiss: () => void }) {
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
          title={t("companySections.status.failedTitle")}
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

/** The state behind SectionStatus, and the element to put where the outcome should read. */
export function useSectionStatus() {
  const [message, setMessage] = useState<SectionMessage | null>(null);
  return {
    success: (text: string) => setMessage({ tone: "success", text }),
    failure: (text: string) => setMessage({ tone: "error", text }),
    clear: () => setMessage(null),
    element: <SectionStatus message={message} onDismiss={() => setMessage(null)} />,
  };
}
