import { Anchor, Container, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { usePageTitle } from "../lib/page-title.ts";
import { AppLink } from "./app-link.tsx";
import { ChevronRightIcon } from "./design-icons.tsx";
import "./page-heading.css";
import classes from "./page-template.module.css";

type Breadcrumb = { label: string; to: string };

export type PageHeaderProps = {
  /** The page's h1; also the browser tab's title ("<title> – Pedaali"). */
  title: string;
  /** One or two sentences under the title: what this page is for. */
  description?: ReactNode;
  /** The page's one primary action (a Button); secondary actions belong in the sections. */
  action?: ReactNode;
  /** The pages above this one, for pages two or more levels deep; the current page is added last. */
  breadcrumbs?: readonly Breadcrumb[];
};

function Breadcrumbs({ items, current }: { items: readonly Breadcrumb[]; current: string }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t("ds.page.breadcrumbs")} className={classes.crumbs}>
      <ol className={classes.crumbList}>
        {items.map((crumb) => (
          <li key={`${crumb.label} ${crumb.to}`} className={classes.crumb}>
            <Anchor component={AppLink} to={crumb.to} size="sm">
              {crumb.label}
            </Anchor>
            <ChevronRightIcon size={14} />
          </li>
        ))}
        <li className={`${classes.crumb} ${classes.current}`} aria-current="page">
          {current}
        </li>
      </ol>
    </nav>
  );
}

/** The top of every logged-in page: breadcrumbs where deep, the h1, what the page is for, its primary action. */
function PageHeader(props: PageHeaderProps) {
  usePageTitle(props.title, typeof props.description === "string" ? props.description : undefined);
  return <PageHeading {...props} />;
}

/** PageHeader without setting the browser tab's title: for showing it inside another page (/dev/design). */
export function PageHeading({ title, description, action, breadcrumbs }: PageHeaderProps) {
  return (
    <>
      {breadcrumbs && breadcrumbs.length > 0 && <Breadcrumbs items={breadcrumbs} current={title} />}
      <div className="page-header">
        <div className="page-heading">
          <Title order={1}>{title}</Title>
          {description && (
            <Text c="dimmed" className="page-description">
              {description}
            </Text>
          )}
        </div>
        {action && <div className={classes.action}>{action}</div>}
      </div>
    </>
  );
}

export type PageTemplateProps = PageHeaderProps & {
  children: ReactNode;
  /** Full width, for the admin frame (docs/product.md "Screens"); other pages keep the readable width. */
  fluid?: boolean;
};

/** A logged-in page: the header above, then the page's sections. */
export function PageTemplate({ children, fluid = false, ...header }: PageTemplateProps) {
  return (
    <Container size={fluid ? undefined : "lg"} fluid={fluid} py="xl">
      <PageHeader {...header} />
      {children}
    </Container>
  );
}
