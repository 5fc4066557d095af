import { useEffect, useState, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { BACK_TO_TOP_THRESHOLD_PX } from "../../domain/constants.ts";
import type { Language } from "../../domain/enums.ts";
import { buildPath } from "../../domain/routes.ts";
import { AppLink } from "../components/app-link.tsx";
import { ArrowUpIcon, CrossIcon } from "../components/icons.tsx";
import {
  type CookieConsent,
  dismissAnnouncement,
  isAnnouncementDismissed,
  storeCookieConsent,
  storedCookieConsent,
} from "../lib/shell-storage.ts";
import classes from "./shell.module.css";

/**
 * The small pieces around every page (docs/product.md "Who uses it" shell, docs/product.md "Screens" layout rules): plain elements and one CSS module,
 * no Mantine components, because they all ship in the anonymous home page's entry chunk.
 */

const noSubscription = () => () => {};

/**
 * A choice kept in the browser. A prerendered page was rendered for a first visit (`asRendered`), so the
 * page hydrates with that and React applies the stored choice right after (no hydration mismatch).
 */
function useStoredChoice<T>(read: () => T, asRendered: T): T {
  return useSyncExternalStore(noSubscription, read, () => asRendered);
}

/** docs/product.md "Screens": the red "not connected" banner when the health check fails, with a refresh link. */
export function NotConnectedBanner() {
  const { t } = useTranslation();
  return (
    <aside className={classes.notConnected} aria-label={t("shell.notConnected")}>
      <p role="alert" className={classes.bannerText}>
        {t("shell.notConnected")}{" "}
        <a
          href={window.location.href}
          className={classes.bannerLink}
          onClick={(event) => {
            event.preventDefault();
            window.location.reload();
          }}
        >
          {t("shell.refresh")}
        </a>
      </p>
    </aside>
  );
}

/** The announcement about the removal of the bike-benefit tax exemption; dismissed for 24 h (docs/product.md "Constants"). */
export function AnnouncementBanner({ lang }: { lang: Language | null }) {
  const { t } = useTranslation();
  const dismissed = useStoredChoice(isAnnouncementDismissed, false);
  const [hidden, setHidden] = useState(false);
  if (hidden || dismissed) return null;
  return (
    <aside className={classes.announcement} aria-label={t("shell.announcementLabel")}>
      <p className={classes.bannerText}>
        {t("shell.announcementText")}{" "}
        <AppLink to={buildPath("announcement", {}, lang)} className={classes.bannerLink}>
          {t("shell.announcementLink")}
        </AppLink>
      </p>
      <button
        type="button"
        className={classes.bannerClose}
        aria-label={t("shell.announcementDismiss")}
        onClick={() => {
          dismissAnnouncement();
          setHidden(true);
        }}
      >
        <CrossIcon size={18} />
      </button>
    </aside>
  );
}

/**
 * Cookie consent: accepted or rejected, stored; the privacy policy's #cookie section explains it. A compact
 * band (one short line and two buttons) at the top of the page, in its flow: it floats over nothing, so
 * no control of the page is ever under it, and it scrolls away with the page until answered.
 */
export function CookieConsentBanner({ lang }: { lang: Language | null }) {
  const stored = useStoredChoice(storedCookieConsent, null);
  const [choice, setChoice] = useState<CookieConsent | null>(null);
  if (choice ?? stored) return null;
  return (
    <CookieCard
      lang={lang}
      onDecide={(value) => {
        storeCookieConsent(value);
        setChoice(value);
      }}
    />
  );
}

function CookieCard({ lang, onDecide }: { lang: Language | null; onDecide: (value: CookieConsent) => void }) {
  const { t } = useTranslation();
  return (
    <aside className={classes.cookie} aria-label={t("shell.cookieTitle")}>
      <p className={classes.cookieText}>
        {t("shell.cookieText")}{" "}
        <AppLink to={`${buildPath("privacyPolicy", {}, lang)}#cookie`} className={classes.cookieLink}>
          {t("shell.cookieMore")}
        </AppLink>
      </p>
      <div className={classes.cookieActions}>
        <button type="button" className={classes.cookieAccept} onClick={() => onDecide("accepted")}>
          {t("shell.cookieAccept")}
        </button>
        <button type="button" className={classes.cookieReject} onClick={() => onDecide("rejected")}>
          {t("shell.cookieReject")}
        </button>
      </div>
    </aside>
  );
}

/** Back to the top after scrolling past 400 px (docs/product.md "Constants"). */
export function BackToTop() {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const update = () => setVisible(window.scrollY > BACK_TO_TOP_THRESHOLD_PX);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, []);
  if (!visible) return null;
  return (
    <button
      type="button"
      className={classes.backToTop}
      aria-label={t("shell.backToTop")}
      onClick={() => {
        window.scrollTo({ top: 0, behavior: "smooth" });
        document.getElementById("main-content")?.focus({ preventScroll: true });
      }}
    >
      <ArrowUpIcon size={20} />
    </button>
  );
}
