import type { TFunction } from "i18next";
import { useEffect } from "react";
import type { ErrorCode } from "../../contract/errors.ts";
import type { TIdentificationStart } from "../../contract/identification.ts";
import { ApiError } from "./api-client.ts";
import { formErrorMessage } from "./form-errors.ts";

/**
 * Strong electronic identification when signing and approving happens on the broker's site: the start
 * answers its page, and the browser goes there with a full navigation. The person comes back to the page
 * they left with the outcome in the address (components/identification-outcome.tsx).
 */
export function leaveForBroker({ redirectUrl }: TIdentificationStart): void {
  window.location.assign(redirectUrl);
}

/**
 * Whether the page is on its way to the broker: from the start until the browser has left, its button
 * keeps spinning, so a second press cannot open a second identification. A page the browser restores
 * from its back-forward cache (the person pressed back at the broker) forgets it, so it can be pressed
 * again.
 */
export function useLeavingForBroker(start: { isPending: boolean; isSuccess: boolean; reset: () => void }) {
  const { reset } = start;
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => {
      if (event.persisted) reset();
    };
    window.addEventListener("pageshow", restored);
    return () => window.removeEventListener("pageshow", restored);
  }, [reset]);
  return start.isPending || start.isSuccess;
}

/**
 * The refusals that are about strong identification itself. They come as a 403 (the company requires it,
 * so the SMS code or the plain approval is refused) or a 503 (the broker cannot be used now), whose
 * general texts ("Pääsy estetty", "Palvelimella tapahtui virhe") would send the person the wrong way.
 */
const IDENTIFICATION_REFUSALS: ReadonlySet<ErrorCode> = new Set([
  "STRONG_IDENTIFICATION_REQUIRED",
  "STRONG_IDENTIFICATION_UNAVAILABLE",
  "IDENTIFICATION_FAILED",
  "IDENTITY_MISMATCH",
]);

/** A failed signature or approval in the form's words: the refusals above by their own text. */
export function signingErrorMessage(error: unknown, t: TFunction): string {
  if (error instanceof ApiError && error.bodyReadable && IDENTIFICATION_REFUSALS.has(error.code as ErrorCode))
    return t(`errors.${error.code}`);
  return formErrorMessage(error, t);
}
