import { and, eq, inArray } from "drizzle-orm";
import { DAY_MS, toHelsinkiDateString } from "../../../domain/dates.ts";
import type { InsuranceClaimStep } from "../../../domain/insurance-claims.ts";
import type { DataKeyring } from "../../data-keys.ts";
import type { FileStore } from "../../files/file-store.ts";
import { readUpload } from "../../files/uploads.ts";
import { addClaimFile } from "../../modules/insurance-claims/add-file.ts";
import type { ClaimActor } from "../../modules/insurance-claims/claim-facts.ts";
import { createClaim } from "../../modules/insurance-claims/create-claim.ts";
import { takeClaimStep } from "../../modules/insurance-claims/take-step.ts";
import { updateClaim } from "../../modules/insurance-claims/update-claim.ts";
import type { Db } from "../client.ts";
import { beneficiaryEmployees, orders, users } from "../schema/index.ts";
import { write } from "../transaction.ts";

/**
 * The insurance claims' demo: an open theft claim (reported by the employee with the police report number and a
 * photo, waiting for the helpdesk) and a damage claim repaired and closed, its 240 € deductible a user
 * payment; both on Demo Oy employees' bikes in use, made through the claims' own transaction functions
 * on the demo's clock. sara.jarvinen@demo.test keeps her bike free of claims: the e2e reports its theft.
 */

const THEFT_EMPLOYEE = "helmi.makela@demo.test";
const DAMAGE_EMPLOYEE = "patrik.nystrom@demo.test";
const HELPDESK = "helpdesk@pedaali.test";

const HOUR_MS = 3_600_000;

/** A small real PNG (24 × 16 px): the photo of the empty bike rack the theft report carries. */
const RACK_PHOTO = Buffer.from(
  "89504e470d0a1a0a0000000d4948445200000018000000100802000000834628c20000027f4944415478da0dcc91c2c6201480e1ffc23e994c2693c92b93c9643249922439921c499224499224e9c6fe3d17f0fcfd0c8b61356c86dd7018309c86cb701b1ec36b30066b70066f104330a8211a92211b8aa11afe7e96c5b25a36cb6e392c584ecb65b92d8fe5b5188bb5388bb7882558d4122dc9922dc552ed173916c7ead81cbbe370e0381d97e3763c8ed7611cd6e11cde218ee05047742447761447755fe4593cab67f3ec9ec383e7f45c9edbf3785e8ff1588ff3788f7882473dd1933cd9533cd57f91b008abb009bb700808a77009b7f008af60042b38c10b220441852824210b45a8f2458125b006b6c01e380204cec015b8034fe00d98800db8800f4820043410032990032550c317298bb22a9bb22b8782722a97722b8ff22a46b18a53bc224a5054894a52b25294aa5f1459226b648bec912342e48c5c913bf244de8889d8888bf88844424423319222395222357e516249ac892db1278e0489337125eec49378132661132ee1139208094dc4444ae44449d4f4459925b366b6cc9e393264cecc95b9334fe6cd988ccdb88ccf4826643413332993332553f3171596c25ad80a7be12850380b57e12e3c85b7600ab6e00abe208550d0422ca4422e94422d5f54592a6b65abec95a342e5ac5c95bbf254de8aa9d88aabf88a5442452bb1922ab9522ab57e516369ac8dadb1378e068db37135eec6d3781ba6611baee11bd2080d6dc4466ae44669d4f6459da5b376b6cede393a74ceced5b93b4fe7ed988eedb88eef482774b4133ba9933ba553fb170d96c13ad806fbe018303807d7e01e3c8377600676e0067e208330d0411ca4411e94411d5f345926eb649bec9363c2e49c5c937bf24cde8999d8899bf8894cc2442771922679522675f20fc791239f807e677a0000000049454e44ae426082",
  "hex",
);

/** The employee's employment and their bike in use (the newest ACTIVE_LEASING order). */
async function bikeOf(db: Db, email: string) {
  const [row] = await db
    .select({ employmentId: beneficiaryEmployees.id, userId: users.id, orderId: orders.id })
    .from(orders)
    .innerJoin(beneficiaryEmployees, eq(beneficiaryEmployees.id, orders.beneficiaryEmployeeId))
    .innerJoin(users, eq(users.id, beneficiaryEmployees.userId))
    .where(and(eq(users.email, email), eq(orders.orderStatus, "ACTIVE_LEASING")))
    .orderBy(orders.createdAt)
    .limit(1);
  return row ?? null;
}

export async function seedInsuranceDemo(
  db: Db,
  files: FileStore,
  now: Date,
  dataKeys: DataKeyring,
): Promise<void> {
  // One after another: the demo is seeded in one transaction, whose one connection takes one query at a
  // time (node-postgres warns of queries sent together and will refuse them).
  const theft = await bikeOf(db, THEFT_EMPLOYEE);
  const damage = await bikeOf(db, DAMAGE_EMPLOYEE);
  const helpdeskUser = await db
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.email, [HELPDESK]));
  const helpdesk: ClaimActor = { userId: helpdeskUser[0]?.id ?? null, helpdesk: true };
  const at = (daysAgo: number, hour = 9) => new Date(now.getTime() - daysAgo * DAY_MS + hour * HOUR_MS);
  const day = (daysAgo: number) => toHelsinkiDateString(at(daysAgo, 0));

  if (theft) {
    // Stolen from a bike rack on Saturday, reported on Monday with the police report number.
    const employee: ClaimActor = { userId: theft.userId, helpdesk: false };
    const claimId = await write(db, { actor: employee, now: at(2, -1) }, (change) =>
      createClaim(
        change,
        {
          beneficiaryEmployeeId: theft.employmentId,
          type: "THEFT",
          orderId: theft.orderId,
          incidentDate: day(4),
          description:
            "Pyörä varastettiin Tampereen rautatieaseman pyöräparkista lauantaina klo 14–18 välillä. Pyörä oli lukittu runkolukolla ja vaijerilla telineeseen; vaijeri löytyi katkaistuna.",
          policeReportNumber: "4410/R/28731/26",
        },
        dataKeys,
      ),
    );
    await write(db, { actor: employee, now: at(2, -0.9) }, (change) =>
      addClaimFile(change, files, claimId, readUpload(RACK_PHOTO, "pyöräparkki.png")),
    );
  }

  if (damage) {
    // A fall on black ice: the shop repaired the wheel and the derailleur for 465 €; closed last week.
    const employee: ClaimActor = { userId: damage.userId, helpdesk: false };
    const claimId = await write(db, { actor: employee, now: at(39) }, (change) =>
      createClaim(
        change,
        {
          beneficiaryEmployeeId: damage.employmentId,
          type: "DAMAGE",
          orderId: damage.orderId,
          incidentDate: day(40),
          description:
            "Kaaduin liukkaalla pyörätiellä Espoon Leppävaarassa. Takakiekko vääntyi ja takavaihtaja osui maahan.",
        },
        dataKeys,
      ),
    );
    await write(db, { actor: helpdesk, now: at(38) }, (change) =>
      updateClaim(change, claimId, { outcome: "REPAIR", repairCostCents: 46_500 }, dataKeys),
    );
    const steps: [InsuranceClaimStep, number][] = [
      ["INSURANCE_REPAIR_BIKE_SUBMITTED", 37],
      ["INSURANCE_REPAIR_INVOICE_SENT", 20],
      ["INSURANCE_CASE_COMPLETED", 7],
    ];
    for (const [step, daysAgo] of steps)
      await write(db, { actor: helpdesk, now: at(daysAgo) }, (change) =>
        takeClaimStep(change, claimId, step),
      );
  }
}
