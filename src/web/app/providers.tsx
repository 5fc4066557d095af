import { localStorageColorSchemeManager, MantineProvider, mergeThemeOverrides } from "@mantine/core";
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useMemo } from "react";
import { I18nextProvider, useTranslation } from "react-i18next";
import { DEFAULT_THEME } from "../../domain/locale.ts";
import { ToastHost } from "../components/toast-host.tsx";
import { i18n } from "../i18n/i18n.ts";
import { theme } from "./theme.ts";
// The theme's CSS variables, written once at build time instead of worked out in the browser by
// MantineProvider on every page load (theme-variables.test.tsx keeps the file equal to Mantine's own).
import "./theme-variables.css";

export const COLOR_SCHEME_STORAGE_KEY = "pedaali-color-scheme";
const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_STORAGE_KEY });

function ThemedProviders({ children, env }: { children: ReactNode; env: "default" | "test" }) {
  const { t } = useTranslation();
  // Mantine's notification close button has no accessible name; give every one a translated label.
  const appTheme = useMemo(
    () =>
      mergeThemeOverrides(theme, {
        components: {
          // A plain object, not Notification.extend(): that would pull the component into the entry chunk.
          Notification: { defaultProps: { closeButtonProps: { "aria-label": t("common.close") } } },
        },
      }),
    [t],
  );
  return (
    <MantineProvider
      theme={appTheme}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme={DEFAULT_THEME}
      withCssVariables={false}
      env={env}
    >
      <ToastHost />
      {children}
    </MantineProvider>
  );
}

export function AppProviders({
  children,
  queryClient,
  env = "default",
}: {
  children: ReactNode;
  queryClient: QueryClient;
  /** "test" turns off Mantine's transitions and portals (component tests). */
  env?: "default" | "test";
}) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ThemedProviders env={env}>{children}</ThemedProviders>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
