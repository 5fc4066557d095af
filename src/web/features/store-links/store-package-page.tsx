import { Alert, Button, Stack } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { DetailsList } from "../../components/details-list.tsx";
import { PageLoader } from "../../components/page-loader.tsx";
import { PageTemplate } from "../../components/page-template.tsx";
import { SectionCard } from "../../components/section-card.tsx";
import { formatDate } from "../../lib/formatters.ts";
import { money } from "../../lib/money.ts";
import { usePageTitle } from "../../lib/page-title.ts";
import { PackageForm } from "./package-form.tsx";
import { StoreLinkInvalid, StoreLinkLoadError, StorePackageTable } from "./store-link-common.tsx";
import { isDeadLink, type TStorePackage, useSavePackage, useStorePackage } from "./store-links-api.ts";

/** The order the package is for: who, where it goes, the max price and the employee's wishes. */
function OrderSummary({ data }: { data: TStorePackage }) {
  const { t } = useTranslation();
  const delivery =
    data.deliveryMethod === "HOME_DELIVERY"
      ? t("storeLinks.delivery.HOME_DELIVERY")
      : data.deliveryMethod === "PICKUP"
        ? t("storeLinks.delivery.PICKUP")
        : null;
  return (
    <SectionCard title={t("storeLinks.package.orderTitle", { number: data.orderNumber })}>
      <DetailsList
        items={[
          { label: t("storeLinks.package.customer"), value: data.customerName },
          { label: t("storeLinks.package.company"), value: data.companyName },
          { label: t("storeLinks.package.deliveryMethod"), value: delivery },
          ...(data.deliveryAddress
            ? [{ label: t("storeLinks.package.deliveryAddress"), value: data.deliveryAddress }]
            : []),
          {
            label: t("storeLinks.package.maxPrice"),
            value:
              data.maxPriceCents === null ? t("storeLinks.package.noMaxPrice") : money(data.maxPriceCents),
          },
          { label: t("storeLinks.package.comment"), value: data.customerComment },
          { label: t("storeLinks.package.linkValid"), value: formatDate(data.expiresAt) },
        ]}
      />
    </SectionCard>
  );
}

/** The package as entered, read-only, with the store's order number. */
function EnteredPackage({ data }: { data: TStorePackage }) {
  const { t } = useTranslation();
  return (
    <Stack gap="sm">
      <StorePackageTable items={data.items} totalCents={data.totalPriceCents} />
      {data.bikeStoreOrderNumber && (
        <DetailsList
          items={[{ label: t("storeLinks.package.storeOrderNumber"), value: data.bikeStoreOrderNumber }]}
        />
      )}
    </Stack>
  );
}

/**
 * The package link's page body for one token: the store enters the package while the order waits for
 * it; after saving it says what happens next and may change the package until the employee accepts it;
 * later the link only shows the package, and says why.
 */
export function StorePackageScreen({ token }: { token: string }) {
  const { t } = useTranslation();
  const query = useStorePackage(token);
  const save = useSavePackage(token);
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);

  if (query.isPending) return <PageLoader />;
  if (query.isError)
    return isDeadLink(query.error) ? <StoreLinkInvalid /> : <StoreLinkLoadError error={query.error} />;
  const data = query.data;
  const entered = data.orderStatus !== "PENDING" && data.items.length > 0;

  let main: React.ReactNode;
  if (!data.editable) {
    main = (
      <SectionCard title={t("storeLinks.package.packageTitle")}>
        <Alert color="gray" variant="light" title={t("storeLinks.package.readOnlyTitle")}>
          {t("storeLinks.package.readOnly")}
        </Alert>
        <EnteredPackage data={data} />
      </SectionCard>
    );
  } else if (entered && !editing) {
    main = (
      <SectionCard
        title={t("storeLinks.package.packageTitle")}
        actions={
          <Button variant="default" onClick={() => setEditing(true)}>
            {t("storeLinks.package.change")}
          </Button>
        }
      >
        <Alert
          color="pedaali"
          variant="light"
          title={t(saved ? "storeLinks.package.savedTitle" : "storeLinks.package.waitingTitle")}
          role="status"
        >
          {t("storeLinks.package.next")}
        </Alert>
        <EnteredPackage data={data} />
      </SectionCard>
    );
  } else {
    main = (
      <SectionCard
        title={t("storeLinks.package.packageTitle")}
        description={t("storeLinks.package.formHelp")}
      >
        <PackageForm
          save={save}
          current={data}
          onSaved={() => {
            setSaved(true);
            setEditing(false);
          }}
          onCancel={entered ? () => setEditing(false) : undefined}
        />
      </SectionCard>
    );
  }

  return (
    <Stack gap="lg">
      <OrderSummary data={data} />
      {main}
    </Stack>
  );
}

/** /pyoraliike/paketti/{token}: the bike store enters the order's package. */
export function StorePackagePage() {
  const { t } = useTranslation();
  usePageTitle(t("routes.storePackage.title"));
  const { token = "" } = useParams();
  return (
    <PageTemplate title={t("routes.storePackage.title")} description={t("storeLinks.package.description")}>
      <StorePackageScreen token={token} />
    </PageTemplate>
  );
}
