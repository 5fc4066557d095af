import { useClickOutside } from "@mantine/hooks";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { LANGUAGES, type Language } from "../../domain/locale.ts";
import { currentLanguage, isLanguage, setLanguage } from "../i18n/i18n.ts";
import controls from "./controls.module.css";
import { CheckIcon, GlobeIcon } from "./icons.tsx";
import classes from "./language-menu.module.css";

/** Each language is named in itself, so a reader finds theirs whatever the current language. */
export const LANGUAGE_NAMES: Record<Language, string> = { fi: "Suomi", en: "English", sv: "Svenska" };

/**
 * The language menu fi/en/sv (docs/product.md "Screens") as a disclosure: a button that shows a list of three buttons.
 * Deliberately not Mantine's Menu, whose Popover and floating-ui cost ~20 KB gzip in the anonymous
 * home page's entry chunk (docs/design.md "Weight" budget). On a `/{lang}/...` path it also swaps the prefix.
 */
export function LanguageMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const current = currentLanguage();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const trigger = useRef<HTMLButtonElement>(null);
  const root = useClickOutside<HTMLDivElement>(() => setOpen(false));

  async function choose(lang: Language) {
    setOpen(false);
    trigger.current?.focus();
    await setLanguage(lang);
    const [, prefix, ...rest] = location.pathname.split("/");
    if (isLanguage(prefix) && prefix !== lang) {
      navigate({ ...location, pathname: `/${[lang, ...rest].join("/")}` }, { replace: true });
    }
  }

  // Escape closes the open list and puts focus back on the button, as in a menu.
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

  return (
    <div ref={root} className={classes.root}>
      <button
        type="button"
        ref={trigger}
        className={controls.control}
        // The name starts with what the button shows (WCAG 2.5.3 label in name).
        aria-label={`${t("common.language")}: ${current.toUpperCase()}`}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
      >
        <GlobeIcon size={16} />
        {current.toUpperCase()}
      </button>
      <ul id={listId} className={classes.list} hidden={!open}>
        {LANGUAGES.map((lang) => (
          <li key={lang}>
            <button
              type="button"
              className={classes.item}
              lang={lang}
              aria-current={lang === current ? "true" : undefined}
              onClick={() => void choose(lang)}
            >
              {LANGUAGE_NAMES[lang]}
              {lang === current && <CheckIcon size={14} />}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
