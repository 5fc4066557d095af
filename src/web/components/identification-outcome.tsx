import { Alert } from "@mantine/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { ERROR_CODES } from "../../contract/errors.ts";

/** The address parameter the broker's callback sends the person back with (…?identification=SIGNED). */
const PARAM = "identification";
const SUCCESS = "SIGNED";
const FALLBACK = "IDENTIFICATION_FAILED";
const KNOWN: ReadonlySet<string> = new Set(ERROR_CODES);

/**
 * What the person's strong identification at the broker came to, when the broker has just sent them
 * back: the outcome is taken from the address once and then removed from it (replacing the history
 * entry through the router, which keeps its own location in step), so a reload or a bookmark does not
 * say it again. Null when there is nothing to say, or once dismissed.
 */
function useIdentificationOutcome(): { outcome: string | null; dismiss: () => void } {
  const [params, setParams] = useSearchParams();
  const inAddress = params.get(PARAM);
  const [outcome, setOutcome] = useState(inAddress);
  useEffect(() => {
    if (inAddress === null) return;
    setOutcome(inAddress);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(PARAM);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [inAddress, setParams]);
  return { outcome, dismiss: () => setOutcome(null) };
}

/**
 * The outcome of signing or approving with strong identification, on the page the broker sent the
 * person back to (/mybike, /tyonantaja): the page's own words for success, otherwise why it failed
 * (errors.<CODE>; an outcome we do not know reads as a failed identification). Nothing else is said
 * about the order here: the page has just loaded, so it already shows the order as it now is.
 */
export function IdentificationOutcome({
  successTitle,
  successText,
}: {
  successTitle: string;
  successText: string;
}) {
  const { t } = useTranslation();
  const { outcome, dismiss } = useIdentificationOutcome();
  if (outcome === null) return null;
  const closing = { withCloseButton: true, closeButtonLabel: t("common.close"), onClose: dismiss };
  if (outcome === SUCCESS) {
    return (
      <Alert color="pedaali" title={successTitle} role="status" {...closing}>
        {successText}
      </Alert>
    );
  }
  const code = KNOWN.has(outcome) ? outcome : FALLBACK;
  return (
    <Alert color="red" role="alert" {...closing}>
      {t(`errors.${code}`, { defaultValue: t(`errors.${FALLBACK}`) })}
    </Alert>
  );
}
