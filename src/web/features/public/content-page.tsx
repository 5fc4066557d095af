import { Anchor, List, Stack, Text, Title } from "@mantine/core";
import clsx from "clsx";
import { Fragment, type ReactNode, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import type { RouteId } from "../../../domain/routes.ts";
import { AppLink } from "../../components/app-link.tsx";
import controls from "../../components/controls.module.css";
import { CONTACT_DETAILS as C, telHref } from "../../lib/contact-details.ts";
import { usePageTitle } from "../../lib/page-title.ts";
import classes from "./content-page.module.css";
import { EXTERNAL_LINKS } from "./external-links.ts";

/** A block of a section: a paragraph key, a bulleted list or a numbered list of keys. */
type Block = string | { ul: readonly string[] } | { ol: readonly string[] };
/** A section of a content page: an h2 and its blocks; `id` makes it a link target (#cookie). */
export type Section = { id?: string; title: string; blocks: readonly Block[]; extra?: ReactNode };

/** An entry of a page's table of contents: the id of a section and the key of its title. */
export type TocEntry = { id: string; title: string };

/** The table of contents of the sections that carry an id, in their order. */
export function tocOf(sections: readonly Section[]): TocEntry[] {
  return sections.flatMap((s) => (s.id ? [{ id: s.id, title: s.title }] : []));
}

/**
 * The frame of every public content page: one h1 (the route's title) and a lead, then the prose at a
 * readable measure (--pd-measure), in the page width that home and contact share (--pd-content-width).
 * Long pages pass `toc`: a list of in-page links, beside the text on wide screens and above it on narrow ones.
 */
export function ContentPage({
  routeId,
  lead,
  toc,
  children,
}: {
  routeId: RouteId;
  lead?: string;
  toc?: readonly TocEntry[];
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const title = t(`routes.${routeId}.title`);
  usePageTitle(title, lead ? t(lead) : undefined);
  const { hash } = useLocation();
  // The page renders after a lazy load, too late for the browser's own jump to #cookie and friends.
  useEffect(() => {
    const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    target?.scrollIntoView();
  }, [hash]);
  return (
    <div className={clsx(controls.container, classes.page)}>
      <div className={classes.pageHead}>
        <Title order={1} className={`${classes.heading} ${classes.title}`}>
          {title}
        </Title>
        {lead && (
          <Text size="lg" fw={500} className={classes.lead}>
            {t(lead)}
          </Text>
        )}
      </div>
      <div className={toc ? classes.withToc : undefined}>
        {toc && <TableOfContents entries={toc} />}
        <Stack gap="xl" className={classes.body}>
          {children}
        </Stack>
      </div>
    </div>
  );
}

/**
 * "On this page": plain #links, so the browser's own fragment navigation scrolls and moves the keyboard's
 * starting point to the section; each target is a section with that id (see Sections and the FAQ).
 */
function TableOfContents({ entries }: { entries: readonly TocEntry[] }) {
  const { t } = useTranslation();
  return (
    <nav className={classes.toc} aria-labelledby="toc-h">
      <h2 className={classes.tocTitle} id="toc-h">
        {t("content.common.tocHeading")}
      </h2>
      <ol className={classes.tocList}>
        {entries.map((entry) => (
          <li key={entry.id}>
            <a href={`#${entry.id}`} className={classes.tocLink}>
              {t(entry.title)}
            </a>
          </li>
        ))}
      </ol>
    </nav>
  );
}

function BlockView({ block }: { block: Block }) {
  const { t } = useTranslation();
  if (typeof block === "string") return <Text>{t(block)}</Text>;
  const ordered = "ol" in block;
  const keys = ordered ? block.ol : block.ul;
  return (
    <List type={ordered ? "ordered" : "unordered"} spacing="xs" withPadding>
      {keys.map((key) => (
        <List.Item key={key}>{t(key)}</List.Item>
      ))}
    </List>
  );
}

/** Renders sections as h2 + blocks, in order. */
export function Sections({ sections }: { sections: readonly Section[] }) {
  const { t } = useTranslation();
  return sections.map((s) => (
    <Stack
      component="section"
      gap="sm"
      key={s.title}
      id={s.id}
      className={s.id ? classes.anchor : undefined}
      aria-labelledby={`${s.id ?? s.title}-h`}
    >
      <Title order={2} size="h3" id={`${s.id ?? s.title}-h`} className={classes.heading}>
        {t(s.title)}
      </Title>
      {s.blocks.map((b) => (
        <BlockView key={typeof b === "string" ? b : JSON.stringify(b)} block={b} />
      ))}
      {s.extra}
    </Stack>
  ));
}

/** An internal link of a content page (AppLink keeps the docs/product.md "Screens" full-page-load rule for /laskuri). */
export function PageLink({ to, label }: { to: string; label: string }) {
  const { t } = useTranslation();
  return (
    <Anchor component={AppLink} to={to} fw={600}>
      {t(label)}
    </Anchor>
  );
}

/** The operator's contact details (docs/product.md "Who uses it") as a definition list. */
export function ContactList({ full = false }: { full?: boolean }) {
  const { t } = useTranslation();
  const rows: [string, ReactNode][] = [
    [
      t("content.common.email"),
      <Anchor key="email" underline="always" href={`mailto:${C.email}`}>
        {C.email}
      </Anchor>,
    ],
    [
      t("content.common.phone"),
      <Fragment key="phone">
        <Anchor underline="always" href={telHref(C.phone)}>
          {C.phone}
        </Anchor>{" "}
        {t("content.common.openingHours", { hours: C.openingHours })}
      </Fragment>,
    ],
    [t("content.common.address"), `${C.company}, ${C.streetAddress}, ${C.postalAddress}`],
  ];
  if (full)
    rows.push(
      [t("content.common.businessId"), C.businessId],
      [t("content.common.taxId"), C.taxId],
      [t("content.common.eInvoiceAddress"), C.eInvoiceAddress],
      [t("content.common.operatorId"), C.operatorId],
    );
  return (
    <dl className={classes.details}>
      {rows.map(([label, value]) => (
        <div key={label}>
          <Text component="dt" fw={600}>
            {label}:
          </Text>
          <Text component="dd" m={0}>
            {value}
          </Text>
        </div>
      ))}
    </dl>
  );
}

/** The docs/product.md "Constants" training/game link for employers or bike users, opening in a new tab. */
export function TrainingLink({ audience }: { audience: "employer" | "bikeUser" }) {
  const { t } = useTranslation();
  const employer = audience === "employer";
  return (
    <Stack component="section" gap="sm" aria-labelledby="training-h">
      <Title order={2} size="h3" id="training-h">
        {t("content.training.title")}
      </Title>
      <Text>{employer ? t("content.training.employerText") : t("content.training.bikeUserText")}</Text>
      <Anchor
        href={employer ? EXTERNAL_LINKS.employerTraining : EXTERNAL_LINKS.bikeUserGame}
        target="_blank"
        rel="noopener"
        fw={600}
      >
        {employer ? t("content.training.employerLink") : t("content.training.bikeUserLink")}{" "}
        <Text span size="sm">
          {t("content.training.newWindow")}
        </Text>
      </Anchor>
    </Stack>
  );
}
