import clsx from "clsx";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import type { HeaderNavEntry } from "../../domain/access.ts";
import type { Language } from "../../domain/enums.ts";
import { buildPath, type RouteId } from "../../domain/routes.ts";
import { AppLink } from "../components/app-link.tsx";
import controls from "../components/controls.module.css";
import { ChevronDownIcon, CrossIcon, MenuIcon } from "../components/icons.tsx";
import classes from "./shell.module.css";

/** Closes a disclosure on Escape (focus back to its button) and on a click outside `root`. */
function useDisclosure() {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!open) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== "Escape") return;
      setOpen(false);
      trigger.current?.focus();
    }
    function onPointerDown(event: PointerEvent) {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    }
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("pointerdown", onPointerDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("pointerdown", onPointerDown);
    };
  }, [open]);
  return { open, setOpen, root, trigger };
}

type NavProps = { entries: readonly HeaderNavEntry[]; lang: Language | null };

function NavLink({
  id,
  lang,
  className,
}: {
  id: RouteId;
  lang: Language | null;
  className: string | undefined;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const to = buildPath(id, {}, lang);
  const current = pathname === to || pathname.startsWith(`${to}/`);
  return (
    <AppLink to={to} className={className} aria-current={current ? "page" : undefined}>
      {t(`routes.${id}.title`)}
    </AppLink>
  );
}

/** The customer-service group of the anonymous navigation as a disclosure (desktop). */
function NavGroup({ routeIds, lang }: { routeIds: readonly RouteId[]; lang: Language | null }) {
  const { t } = useTranslation();
  const { open, setOpen, root, trigger } = useDisclosure();
  const listId = useId();
  return (
    <div ref={root} className={classes.navGroup}>
      <button
        ref={trigger}
        type="button"
        className={classes.navLink}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
      >
        {t("nav.customerService")}
        <ChevronDownIcon size={14} />
      </button>
      <ul id={listId} className={classes.navGroupList} hidden={!open}>
        {routeIds.map((id) => (
          <li key={id}>
            <NavLink id={id} lang={lang} className={classes.navGroupItem} />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** docs/product.md "Screens" header navigation on wide screens: links, and the customer-service group as a disclosure. */
export function DesktopNav({ entries, lang }: NavProps) {
  const { t } = useTranslation();
  if (entries.length === 0) return null;
  return (
    <nav className={classes.desktopNav} aria-label={t("nav.main")}>
      <ul className={classes.navList}>
        {entries.map((entry) => (
          <li key={entry.kind === "link" ? entry.routeId : entry.groupId}>
            {entry.kind === "link" ? (
              <NavLink id={entry.routeId} lang={lang} className={classes.navLink} />
            ) : (
              <NavGroup routeIds={entry.routeIds} lang={lang} />
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** docs/product.md "Screens" "mobile uses a burger menu": the same entries in a panel under the header, groups flattened. */
export function BurgerMenu({ entries, lang }: NavProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { open, setOpen, root, trigger } = useDisclosure();
  const panelId = useId();
  // A navigation closes the panel.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on path changes on purpose
  useEffect(() => setOpen(false), [pathname, setOpen]);
  if (entries.length === 0) return null;
  return (
    <div ref={root} className={classes.burger}>
      <button
        ref={trigger}
        type="button"
        className={clsx(controls.control, controls.iconControl)}
        aria-label={t("nav.menu")}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      >
        {open ? <CrossIcon size={20} /> : <MenuIcon size={20} />}
      </button>
      <nav id={panelId} className={classes.burgerPanel} hidden={!open} aria-label={t("nav.main")}>
        <ul className={classes.burgerList}>
          {entries.map((entry) =>
            entry.kind === "link" ? (
              <li key={entry.routeId}>
                <NavLink id={entry.routeId} lang={lang} className={classes.burgerItem} />
              </li>
            ) : (
              <li key={entry.groupId}>
                <span className={classes.burgerHeading}>{t("nav.customerService")}</span>
                <ul className={classes.burgerList}>
                  {entry.routeIds.map((id) => (
                    <li key={id}>
                      <NavLink id={id} lang={lang} className={classes.burgerItem} />
                    </li>
                  ))}
                </ul>
              </li>
            ),
          )}
        </ul>
      </nav>
    </div>
  );
}
