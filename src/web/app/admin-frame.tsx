import { Title } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { AppLink } from "../components/app-link.tsx";
import { ColorSchemeToggle } from "../components/color-scheme-toggle.tsx";
import controls from "../components/controls.module.css";
import { BikeIcon, LogOutIcon } from "../components/icons.tsx";
import { LanguageMenu } from "../components/language-menu.tsx";
import { usePageTitle } from "../lib/page-title.ts";
import { logout, useSession } from "../lib/session.ts";
import "./admin-frame.css";

/**
 * The admin area's own top bar (docs/product.md "Screens": the header is hidden on admin paths, admin pages use the full
 * width and show a theme toggle): product name, the signed-in admin, language, theme and log out. Below
 * it the page's heading and its content share one full-width column (docs/product.md "Screens": no centred heading over a
 * full-width tab). The heading row may carry a toolbar to the right of the h1 (the helpdesk search),
 * which wraps below it on a narrow screen.
 */
export function AdminFrame({
  title,
  toolbar,
  children,
}: {
  title?: string;
  /** Tools beside the heading (the helpdesk search); below it on a phone. */
  toolbar?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const heading = title ?? t("routes.admin.title");
  usePageTitle(heading);
  const queryClient = useQueryClient();
  const { user } = useSession();
  const [leaving, setLeaving] = useState(false);
  return (
    <div className="admin-frame">
      <div className="admin-frame-bar">
        <AppLink to="/" className="admin-frame-brand" aria-label={`Pedaali – ${t("nav.home")}`}>
          <BikeIcon size={24} />
          <span>Pedaali</span>
        </AppLink>
        <span className="admin-frame-area">{t("routes.admin.title")}</span>
        <div className="admin-frame-actions">
          {user && <span className="admin-frame-who">{user.email}</span>}
          <LanguageMenu />
          <ColorSchemeToggle />
          <button
            type="button"
            className={controls.control}
            disabled={leaving}
            onClick={() => {
              setLeaving(true);
              void logout(queryClient);
            }}
          >
            <LogOutIcon size={16} />
            {t("userMenu.logout")}
          </button>
        </div>
      </div>
      <div className="admin-frame-content">
        <div className="admin-frame-heading">
          <Title order={1}>{heading}</Title>
          {toolbar && <div className="admin-frame-toolbar">{toolbar}</div>}
        </div>
        {children}
      </div>
    </div>
  );
}
