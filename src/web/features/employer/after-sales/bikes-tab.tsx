import { Stack } from "@mantine/core";
import { EmployerCancellationsSection } from "./cancellations-section.tsx";
import { EmployerClaimsSection } from "./claims-section.tsx";
import { EmployerPaymentsSection } from "./payments-section.tsx";
import { RedemptionsSection } from "./redemptions-section.tsx";

/**
 * /tyonantaja?valilehti=pyorat (ADR 009): the employer's view of what follows the sale, for the
 * companies of their scope: leases ending and their cases first (the ones that need the employer),
 * then insurance claims, order cancellations and the employees' own payments.
 */
export function BikesTab() {
  return (
    <Stack gap="lg">
      <RedemptionsSection />
      <EmployerClaimsSection />
      <EmployerCancellationsSection />
      <EmployerPaymentsSection />
    </Stack>
  );
}
