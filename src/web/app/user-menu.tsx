import { Text, UnstyledButton } from "@mantine/core";
import { useClickOutside } from "@mantine/hooks";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { buildPath } from "../../domain/routes.ts";
import { AppLink } from "../components/app-link.tsx";
import controls from "../components/controls.module.css";
import { UserIcon } from "../components/icons.tsx";
import { logout, type SessionUser } from "../lib/session.ts";
import classes from "./user-menu.module.css";

/**
 * docs/product.md "Screens" user menu: the first name on the button; inside, the name and work e-mail, a link to own
 * details (not for deactivated users, docs/product.md "Screens" /kayttaja) and log out. A disclosure like the language
 * menu rather than Mantine's Menu, for the same reason (no Popover code in the header).
 */
export function UserMenu({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const panelId = useId();
  const trigger = useRef<HTMLButtonElement>(null);
  const root = useClickOutside<HTMLDivElement>(() => setOpen(false));

  useEffect(() => {
    if (!open) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== "Escape") return;
      setOpen(false);
      trigger.current?.focus();
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [open]);

  const firstName = user.firstName || user.email;
  return (
    <div ref={root} className={classes.root}>
      <UnstyledButton
        ref={trigger}
        className={`${controls.control} ${classes.trigger}`}
        aria-label={t("userMenu.button", { name: firstName })}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      >
        <UserIcon size={16} />
        <span className={classes.name}>{firstName}</span>
      </UnstyledButton>
      <div id={panelId} className={classes.panel} hidden={!open}>
        <div className={classes.who}>
          <Text size="sm" fw={700}>
            {`${user.firstName} ${user.lastName}`.trim() || user.email}
          </Text>
          <Text size="sm" c="dimmed">
            {user.email}
          </Text>
        </div>
        <ul className={classes.list}>
          {!user.deactivated && (
            <li>
              <AppLink to={buildPath("ownDetails")} className={classes.item}>
                {t("userMenu.ownDetails")}
              </AppLink>
            </li>
          )}
          <li>
            <UnstyledButton
              className={classes.item}
              disabled={leaving}
              onClick={() => {
                setLeaving(true);
                void logout(queryClient);
              }}
            >
              {t("userMenu.logout")}
            </UnstyledButton>
          </li>
        </ul>
      </div>
    </div>
  );
}
