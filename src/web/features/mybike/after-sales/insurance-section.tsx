import { Button, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { SectionCard } from "../../../components/section-card.tsx";
import type { TMyOrder } from "../mybike-api.ts";
import { InsuranceClaimCard } from "./insurance-claim-card.tsx";
import { InsuranceReportForm } from "./insurance-report-form.tsx";

/**
 * Insurance claims of a bike in use: reporting its theft or damage with photos and a
 * description, seeing first what the employee bears; then following the claims, their steps and adding
 * photos while the helpdesk handles them.
 */
export function InsuranceSection({ order }: { order: TMyOrder }) {
  const { t } = useTranslation();
  const [reporting, setReporting] = useState(false);
  const claims = order.afterSales.insuranceClaims;
  return (
    <SectionCard
      title={t("myBikeClaims.title")}
      description={t("myBikeClaims.description")}
      actions={
        reporting ? undefined : <Button onClick={() => setReporting(true)}>{t("myBikeClaims.report")}</Button>
      }
    >
      <Stack gap="lg">
        {reporting && <InsuranceReportForm order={order} onDone={() => setReporting(false)} />}
        {claims.length === 0 && !reporting && (
          <Text size="sm" c="dimmed">
            {t("myBikeClaims.none")}
          </Text>
        )}
        {claims.map((claim) => (
          <InsuranceClaimCard key={claim.insuranceId} claimId={claim.insuranceId} />
        ))}
      </Stack>
    </SectionCard>
  );
}
