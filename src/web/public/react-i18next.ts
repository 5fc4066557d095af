/**
 * What the public entry's build gives the components that import `react-i18next` (ADR 023): the page's
 * embedded texts (texts.ts) instead of i18next. Any other export the public pages start to use fails
 * the build, which names it.
 */
import type { ReactNode } from "react";
import { i18n } from "./i18n.ts";
import { t } from "./texts.ts";

const translation = { t, i18n, ready: true } as const;

export function useTranslation() {
  return translation;
}

export function I18nextProvider({ children }: { i18n?: unknown; children: ReactNode }) {
  return children;
}
