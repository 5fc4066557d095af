import { asc, eq, or } from "drizzle-orm";
import type { DataKeyring } from "../../data-keys.ts";
import type { Db } from "../../db/client.ts";
import {
  bikeBrokerageInquiries,
  bikeBrokerages,
  bikeRedemptions,
  insuranceClaimFiles,
  insuranceClaims,
  invoices,
  redemptionOffers,
  redemptionPayments,
  userPayments,
} from "../../db/schema/index.ts";
import { policeReportOf } from "../insurance-claims/police-report.ts";
import { among, idsOf, plainRow, plainRows } from "./plain.ts";

/**
 * What followed the person's orders: payments, invoices, the redemption cases, insurance claims, and
 * the bikes they sold or asked about in the brokerage. A colleague a lease was handed to (their
 * e-mail) and the staff who opened, reported or uploaded are not named.
 */
export async function afterSalesSections(
  db: Db,
  self: string,
  ids: { employments: readonly string[]; orders: readonly string[] },
  dataKeys: DataKeyring,
) {
  const payments = await db
    .select()
    .from(userPayments)
    .where(among(userPayments.beneficiaryEmployeeId, ids.employments))
    .orderBy(asc(userPayments.createdAt));
  const redemptions = await db
    .select()
    .from(bikeRedemptions)
    .where(among(bikeRedemptions.beneficiaryEmployeeId, ids.employments))
    .orderBy(asc(bikeRedemptions.createdAt));
  const redemptionIds = idsOf(redemptions, "id");
  const offers = await db
    .select()
    .from(redemptionOffers)
    .where(among(redemptionOffers.bikeRedemptionId, redemptionIds))
    .orderBy(asc(redemptionOffers.createdAt));
  const redemptionPaymentRows = await db
    .select()
    .from(redemptionPayments)
    .where(among(redemptionPayments.bikeRedemptionId, redemptionIds))
    .orderBy(asc(redemptionPayments.createdAt));
  const claims = await db
    .select()
    .from(insuranceClaims)
    .where(among(insuranceClaims.beneficiaryEmployeeId, ids.employments))
    .orderBy(asc(insuranceClaims.createdAt));
  const claimIds = idsOf(claims, "id");
  const claimFiles = await db
    .select()
    .from(insuranceClaimFiles)
    .where(among(insuranceClaimFiles.insuranceClaimId, claimIds))
    .orderBy(asc(insuranceClaimFiles.createdAt));
  const invoiceRows = await db
    .select()
    .from(invoices)
    .where(
      or(
        among(invoices.orderId, ids.orders),
        among(invoices.bikeRedemptionId, redemptionIds),
        among(invoices.insuranceClaimId, claimIds),
      ),
    )
    .orderBy(asc(invoices.createdAt));
  const listings = await db
    .select()
    .from(bikeBrokerages)
    .where(or(eq(bikeBrokerages.userId, self), among(bikeBrokerages.orderId, ids.orders)))
    .orderBy(asc(bikeBrokerages.createdAt));
  // Only the inquiries the person made: someone else's interest in their bike is that person's.
  const inquiries = await db
    .select()
    .from(bikeBrokerageInquiries)
    .where(eq(bikeBrokerageInquiries.userId, self))
    .orderBy(asc(bikeBrokerageInquiries.createdAt));

  return {
    ids: {
      userPayments: idsOf(payments, "id"),
      redemptions: redemptionIds,
      claims: claimIds,
      invoices: idsOf(invoiceRows, "id"),
      listings: idsOf(listings, "id"),
    },
    files: [
      ...offers.map((row) => ({ fileId: row.fileId, folder: "lunastustarjoukset" })),
      ...claimFiles.map((row) => ({ fileId: row.fileId, folder: "vakuutusvahingot" })),
    ],
    sections: {
      invoices: plainRows(invoiceRows, self, { people: ["sentByStoreUserId"] }),
      userPayments: plainRows(payments, self),
      redemptions: plainRows(redemptions, self, {
        omit: ["transferToEmail"],
        people: ["choiceByUserId", "openedByUserId"],
      }),
      redemptionOffers: plainRows(offers, self, { people: ["uploadedByUserId"] }),
      redemptionPayments: plainRows(redemptionPaymentRows, self),
      insuranceClaims: claims.map((claim) => ({
        ...plainRow(claim, self, { people: ["reportedByUserId"], omit: ["policeReportNumberHash"] }),
        policeReportNumber: policeReportOf(dataKeys, claim.policeReportNumber),
      })),
      insuranceClaimFiles: plainRows(claimFiles, self, { people: ["uploadedByUserId"] }),
      // A listing of their order made by someone else (the helpdesk selling a returned bike) keeps
      // that person's contact details out.
      brokerageListings: plainRows(listings, self, { people: ["userId"] }).map((row) =>
        row.userId === self
          ? row
          : { ...row, contactName: null, contactEmail: null, contactPhoneNumber: null },
      ),
      brokerageInquiries: plainRows(inquiries, self, { people: ["userId"] }),
    },
  };
}
