import { Alert, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { showSuccessToast } from "../lib/toast.ts";

export type SectionMessage = { tone: "success" | "error"; text: string };

/**
 * What became of a section's last save or delete, under its heading: a failure as an alert titled by
 * the area (`failedTitle`) that says what failed and why, and can be closed. A success is the app's one
 * success toast (useSectionStatus), which shows wherever the page is scrolled; a line under a heading
 * that is scrolled away says nothing. A success message passed in still reads in a polite live region.
 */
function SectionStatus({
  message,
  failedTitle,
  onDismiss,
}: {
  message: SectionMessage | null;
  failedTitle: string;
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
          title={failedTitle}
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
export function useSectionStatus(failedTitle: string) {
  const [message, setMessage] = useState<SectionMessage | null>(null);
  return {
    message,
    success: (text: string) => {
      setMessage(null);
      showSuccessToast(text);
    },
    failure: (text: string) => setMessage({ tone: "error", text }),
    clear: () => setMessage(null),
    element: <SectionStatus message={message} failedTitle={failedTitle} onDismiss={() => setMessage(null)} />,
  };
}
