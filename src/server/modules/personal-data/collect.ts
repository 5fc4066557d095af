import type { TPersonalDataExport } from "../../../contract/personal-data.ts";
import type { Db } from "../../db/client.ts";
import type { CurrentUser } from "../auth/session-user.ts";
import { accessLogSection } from "../person-access/service.ts";
import type { IdentityTokenReader } from "./sections-account.ts";
import { accountSections } from "./sections-account.ts";
import { afterSalesSections } from "./sections-after-sales.ts";
import { type ArchivedFile, eventsSection, filesSection } from "./sections-events.ts";
import { employmentSections } from "./sections-orders.ts";

export type PersonalData = { data: TPersonalDataExport; files: ArchivedFile[] };

/**
 * Everything the platform holds about the signed-in person, read section by section, and the stored
 * files of their documents for the ZIP. Reads only: the person's own rows, found from their user id.
 */
export async function collectPersonalData(
  db: Db,
  user: CurrentUser,
  now: Date,
  identityTokens: IdentityTokenReader,
): Promise<PersonalData> {
  const self = user.id;
  const account = await accountSections(db, user, identityTokens);
  const employment = await employmentSections(db, self);
  const afterSales = await afterSalesSections(db, self, employment.ids, identityTokens.ring);
  const { rows: fileRows, archived } = await filesSection(db, self, [
    ...employment.files,
    ...afterSales.files,
  ]);
  const events = await eventsSection(db, self, {
    entities: {
      beneficiaryEmployee: employment.ids.employments,
      employmentInvitation: employment.ids.invitations,
      order: employment.ids.orders,
      orderCancellation: employment.ids.cancellations,
      leasingAgreement: employment.ids.agreements,
      userPayment: afterSales.ids.userPayments,
      bikeRedemption: afterSales.ids.redemptions,
      insuranceClaim: afterSales.ids.claims,
      invoice: afterSales.ids.invoices,
      bikeBrokerage: afterSales.ids.listings,
    },
    orderIds: employment.ids.orders,
    companyIds: employment.companyIds,
  });
  return {
    data: {
      exportedAt: now.toISOString(),
      person: { id: self, email: user.email },
      ...account,
      ...employment.sections,
      ...afterSales.sections,
      files: fileRows,
      events,
      accessLog: await accessLogSection(db, self),
    },
    files: archived,
  };
}
