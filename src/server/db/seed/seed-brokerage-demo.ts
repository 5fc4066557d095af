import { and, asc, eq, ne } from "drizzle-orm";
import { suggestedAskingPriceCents } from "../../../domain/brokerage.ts";
import { DAY_MS, toHelsinkiDateString } from "../../../domain/dates.ts";
import { personName } from "../../../domain/person-name.ts";
import { addBrokerageBike, changeBrokerageBike } from "../../modules/brokerage/bikes.ts";
import { recordInquiry } from "../../modules/brokerage/inquiries.ts";
import type { Db } from "../client.ts";
import { beneficiaryEmployees, companies, systemUsers, users } from "../schema/index.ts";
import { write } from "../transaction.ts";

/**
 * The brokerage's demo: bikes in the brokerage as the helpdesk leaves them (through the brokerage's own
 * transaction functions, so each has its events): five for sale on /bikeBrokerageService in Espoo,
 * Helsinki, Tampere and Turku, one sold, one waiting for the helpdesk's look, and one inquiry from a
 * Demo Oy employee waiting for an answer. Each is a returned benefit bike whose asking price is the
 * domain's suggestion on its package price and lease (src/domain/brokerage.ts).
 */

const HELPDESK = "helpdesk@pedaali.test";
/** employee@demo.test's own journeys stay untouched by the demo's inquiry. */
const README_EMPLOYEE = "employee@demo.test";

type DemoBike = {
  brand: string;
  model: string;
  modelYear: number;
  frameSize: string;
  city: string;
  description: string;
  /** The package price and how many months ago its lease started, for the suggested price. */
  packageEuros: number;
  leaseMonths: number;
  /** Added this many days ago; listed a day later unless it still waits. */
  addedDaysAgo: number;
  stage: "forSale" | "sold" | "waiting";
  adminNote?: string;
};

const BIKES: readonly DemoBike[] = [
  {
    brand: "Tunturi",
    model: "eGo 500 Urban",
    modelYear: 2022,
    frameSize: "M",
    city: "Espoo",
    description:
      "Sähköavusteinen kaupunkipyörä, akku 500 Wh. Huollettu palautuksen jälkeen: uudet jarrupalat ja ketju. Lokasuojat, tavarateline ja valot.",
    packageEuros: 2_890,
    leaseMonths: 36,
    addedDaysAgo: 3,
    stage: "forSale",
  },
  {
    brand: "Helkama",
    model: "E3 Peak",
    modelYear: 2023,
    frameSize: "L",
    city: "Helsinki",
    description:
      "Keskimoottorinen sähköpyörä työmatkoille. Ajettu noin 4 800 km, akku testattu (kunto 92 %). Mukana runkolukko ja kaksi avainta.",
    packageEuros: 3_390,
    leaseMonths: 24,
    addedDaysAgo: 8,
    stage: "forSale",
  },
  {
    brand: "Cube",
    model: "Kathmandu Hybrid ONE 625",
    modelYear: 2023,
    frameSize: "M",
    city: "Tampere",
    description:
      "Retkeilyyn ja työmatkoille sopiva sähköpyörä, Bosch Performance Line -moottori. Pieniä käytön jälkiä rungossa, tekniikka hyvässä kunnossa.",
    packageEuros: 3_790,
    leaseMonths: 26,
    addedDaysAgo: 12,
    stage: "forSale",
  },
  {
    brand: "Tern",
    model: "GSD S10 -tavarapyörä",
    modelYear: 2022,
    frameSize: "Yksi koko",
    city: "Turku",
    description:
      "Pitkä tavarapyörä kahdelle lapselle tai kauppakasseille. Takaistuin ja sivulaukut mukana. Kaksi akkua, yhteensä 1 000 Wh.",
    packageEuros: 6_490,
    leaseMonths: 34,
    addedDaysAgo: 17,
    stage: "forSale",
  },
  {
    brand: "Trek",
    model: "Allant+ 7",
    modelYear: 2023,
    frameSize: "XL",
    city: "Helsinki",
    description:
      "Pitkälle ajajalle sopiva sähköpyörä. Uudet renkaat (Schwalbe Marathon) ja perushuolto tehty.",
    packageEuros: 3_990,
    leaseMonths: 20,
    addedDaysAgo: 23,
    stage: "forSale",
  },
  {
    brand: "Merida",
    model: "eSpresso 400EQ",
    modelYear: 2022,
    frameSize: "S",
    city: "Espoo",
    description: "Kevyt kaupunkisähköpyörä, täysvarusteltu. Myyty kollegalle.",
    packageEuros: 3_190,
    leaseMonths: 36,
    addedDaysAgo: 41,
    stage: "sold",
  },
  {
    brand: "Kona",
    model: "Dew",
    modelYear: 2021,
    frameSize: "L",
    city: "Tampere",
    description: "Hybridipyörä ilman sähköavustusta, 24 vaihdetta.",
    packageEuros: 1_190,
    leaseMonths: 36,
    addedDaysAgo: 2,
    stage: "waiting",
    adminNote: "Pyörä noudetaan Tampereen liikkeeseen tarkastettavaksi ensi viikolla.",
  },
];

const daysAgo = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);

/** The demo's asking price: the domain's suggestion on the package and the months its lease ran. */
function askingPrice(bike: DemoBike, now: Date): number {
  const start = new Date(now);
  start.setUTCDate(1);
  start.setUTCMonth(start.getUTCMonth() - bike.leaseMonths);
  return suggestedAskingPriceCents({
    packagePriceCents: bike.packageEuros * 100,
    leaseStartDate: toHelsinkiDateString(start),
    residualValueCents: null,
    today: toHelsinkiDateString(now),
  });
}

/** A Demo Oy employee with an account other than the README's employee: the demo's asker. */
async function demoAsker(db: Db) {
  const [row] = await db
    .select({
      userId: users.id,
      email: users.email,
      firstName: systemUsers.firstName,
      lastName: systemUsers.lastName,
    })
    .from(beneficiaryEmployees)
    .innerJoin(companies, eq(companies.id, beneficiaryEmployees.companyId))
    .innerJoin(users, eq(users.id, beneficiaryEmployees.userId))
    .innerJoin(systemUsers, eq(systemUsers.userId, users.id))
    .where(and(eq(companies.name, "Demo Oy"), ne(users.email, README_EMPLOYEE)))
    .orderBy(asc(users.email))
    .limit(1);
  return row;
}

export async function seedBrokerageDemo(db: Db, now: Date): Promise<void> {
  const [helpdesk] = await db.select({ id: users.id }).from(users).where(eq(users.email, HELPDESK));
  const by = { userId: helpdesk?.id ?? null };
  const ids = new Map<DemoBike, string>();
  for (const bike of BIKES) {
    const added = daysAgo(now, bike.addedDaysAgo);
    const id = await write(db, { actor: by, now: added }, (change) =>
      addBrokerageBike(change, {
        brand: bike.brand,
        model: bike.model,
        modelYear: bike.modelYear,
        frameSize: bike.frameSize,
        city: bike.city,
        description: bike.description,
        askingPriceCents: askingPrice(bike, now),
        adminNote: bike.adminNote ?? null,
        listed: false,
      }),
    );
    ids.set(bike, id);
    if (bike.stage === "waiting") continue;
    await write(db, { actor: by, now: daysAgo(now, bike.addedDaysAgo - 1) }, (change) =>
      changeBrokerageBike(change, id, { listed: true }),
    );
    if (bike.stage === "sold")
      await write(db, { actor: by, now: daysAgo(now, 6) }, (change) =>
        changeBrokerageBike(change, id, { status: "COMPLETED" }),
      );
  }

  const asker = await demoAsker(db);
  const wanted = BIKES.find((bike) => bike.brand === "Tern");
  const bikeId = wanted && ids.get(wanted);
  if (!asker || !bikeId) return;
  await write(db, { actor: { userId: asker.userId, helpdesk: false }, now: daysAgo(now, 1) }, (change) =>
    recordInquiry(change, bikeId, {
      name: personName(asker.firstName, asker.lastName, asker.email),
      email: asker.email,
      phoneNumber: null,
      message:
        "Hei! Tavarapyörä kiinnostaa perheemme käyttöön. Onko pyörän voinut koeajaa Turussa, ja sisältyykö hintaan lasten takaistuin?",
    }),
  );
}
