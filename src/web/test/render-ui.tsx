import { MantineProvider } from "@mantine/core";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";
import { I18nextProvider } from "react-i18next";
import { createMemoryRouter, RouterProvider } from "react-router";
import type { Language } from "../../domain/enums.ts";
import { cssVariablesResolver, theme } from "../app/theme.ts";
import { ensureAdminTexts } from "../i18n/admin-texts.ts";
import { ensureEmployerTexts } from "../i18n/employer-texts.ts";
import { ensureContentTexts, ensurePageTexts, i18n, initI18n } from "../i18n/i18n.ts";

/** Loads the shell, page, content, admin and employer texts of a language, as a lazy route does before it renders. */
export async function loadTexts(lng: Language = "fi"): Promise<void> {
  await initI18n(lng);
  await ensurePageTexts(lng);
  await ensureContentTexts(lng);
  await ensureAdminTexts(lng);
  await ensureEmployerTexts(lng);
  await i18n.changeLanguage(lng);
}

/**
 * Renders one part of the design system with the app's theme and texts, Mantine in test mode (no
 * transitions, no portals), inside a memory router so that links (breadcrumbs) work.
 */
export function renderUi(ui: ReactNode, { path = "/" }: { path?: string } = {}) {
  const router = createMemoryRouter([{ path: "*", element: ui }], { initialEntries: [path] });
  const view = render(
    <I18nextProvider i18n={i18n}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env="test">
        <RouterProvider router={router} />
      </MantineProvider>
    </I18nextProvider>,
  );
  return { router, ...view };
}
