import { Container, Group, Paper } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { AppLink } from "./app-link.tsx";
import classes from "./auth-shell.module.css";
import { ColorSchemeToggle } from "./color-scheme-toggle.tsx";
import { BikeIcon } from "./icons.tsx";
import { LanguageMenu } from "./language-menu.tsx";

/**
 * The frame of the auth pages (login, password, registration), which docs/product.md "Screens" shows without the header:
 * the product name back to the home page, the language menu and the theme switch, and a card.
 */
export function AuthShell({ children, size = 460 }: { children: ReactNode; size?: number }) {
  const { t } = useTranslation();
  return (
    <div className={classes.shell}>
      <div className={classes.top}>
        <AppLink to="/" className={classes.brand} aria-label={`Pedaali – ${t("nav.home")}`}>
          <span className={classes.brandMark}>
            <BikeIcon size={26} />
          </span>
          Pedaali
        </AppLink>
        <Group gap="xs" wrap="nowrap">
          <LanguageMenu />
          <ColorSchemeToggle />
        </Group>
      </div>
      <Container size={size} px="md" pt="md" pb="xl">
        <Paper withBorder radius="md" p={{ base: "md", sm: "xl" }} className={classes.card}>
          {children}
        </Paper>
      </Container>
    </div>
  );
}

/** The class of a step's h1 that takes focus when the step changes (no outline on a heading). */
export const authHeadingClass = classes.heading;
