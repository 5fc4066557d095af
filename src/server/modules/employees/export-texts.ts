import type { EmployeeStatus, Language, OrderStatus } from "../../../domain/enums.ts";

/**
 * The words of the employee export (the file is made on the server, so its words are here, in the
 * glossary's terms). The order status labels are the web app's (i18n pages ds.status.order);
 * tests/unit/export-labels.test.ts keeps the two the same.
 */
type ExportTexts = {
  sheetName: string;
  fileName: string;
  yes: string;
  headers: Record<
    | "lastName"
    | "firstName"
    | "email"
    | "phoneNumber"
    | "companyName"
    | "unitName"
    | "costUnit"
    | "employeeNumber"
    | "payRollOther"
    | "status"
    | "jobTrialPeriodEndDate"
    | "lastWorkingDayDate"
    | "maxPriceCents"
    | "orderCount"
    | "latestOrderNumber"
    | "latestOrderStatus"
    | "latestMonthlyPaymentCents"
    | "absentToday"
    | "joined",
    string
  >;
  employeeStatus: Record<EmployeeStatus, string>;
  orderStatus: Record<OrderStatus, string>;
};

export const EXPORT_TEXTS: Record<Language, ExportTexts> = {
  fi: {
    sheetName: "Työntekijät",
    fileName: "tyontekijat",
    yes: "Kyllä",
    headers: {
      lastName: "Sukunimi",
      firstName: "Etunimi",
      email: "Työsähköposti",
      phoneNumber: "Puhelin",
      companyName: "Yritys",
      unitName: "Toimipiste",
      costUnit: "Kustannuspaikka",
      employeeNumber: "Henkilönumero",
      payRollOther: "Palkanlaskennan ryhmä",
      status: "Tila",
      jobTrialPeriodEndDate: "Koeaika päättyy",
      lastWorkingDayDate: "Viimeinen työpäivä",
      maxPriceCents: "Enimmäishinta (€)",
      orderCount: "Tilauksia",
      latestOrderNumber: "Viimeisin tilaus",
      latestOrderStatus: "Viimeisimmän tilauksen tila",
      latestMonthlyPaymentCents: "Kuukausierä (€)",
      absentToday: "Poissa tänään",
      joined: "Liittynyt",
    },
    employeeStatus: {
      PENDING: "Odottaa hyväksyntää",
      ACCEPTED: "Hyväksytty",
      REJECTED: "Hylätty",
      INACTIVE: "Ei käytössä",
    },
    orderStatus: {
      NOT_STARTED: "Ei aloitettu",
      PENDING: "Odottaa pyöräliikettä",
      PACKAGE_PROVIDED: "Pyöräpaketti valmis",
      ALL_INFO_PROVIDED: "Tiedot annettu",
      CONFIRMED: "Vahvistettu",
      PROCESSED: "Käsitelty",
      WAITING_FOR_INVOICE_MATCH: "Odottaa laskun täsmäytystä",
      WAITING_FOR_DELIVERY_DATE: "Odottaa toimituspäivää",
      READY_FOR_BILLING: "Valmis laskutukseen",
      GRENKE_INVOICE_SENT: "Grenke-lasku lähetetty",
      ACTIVE_LEASING: "Leasing käynnissä",
      WAITING_FOR_CUSTOMER_COMMENT: "Odottaa asiakkaan vastausta",
      CANCELLED: "Peruttu",
      CASE_X: "Erityistapaus",
      WIX: "Verkkokauppatilaus",
      REFUNDED: "Hyvitetty",
    },
  },
  en: {
    sheetName: "Employees",
    fileName: "employees",
    yes: "Yes",
    headers: {
      lastName: "Last name",
      firstName: "First name",
      email: "Work e-mail",
      phoneNumber: "Phone",
      companyName: "Company",
      unitName: "Company unit",
      costUnit: "Cost unit",
      employeeNumber: "Employee number",
      payRollOther: "Payroll group",
      status: "Status",
      jobTrialPeriodEndDate: "Trial period ends",
      lastWorkingDayDate: "Last working day",
      maxPriceCents: "Maximum price (€)",
      orderCount: "Orders",
      latestOrderNumber: "Latest order",
      latestOrderStatus: "Latest order status",
      latestMonthlyPaymentCents: "Monthly payment (€)",
      absentToday: "Absent today",
      joined: "Joined",
    },
    employeeStatus: {
      PENDING: "Waiting for acceptance",
      ACCEPTED: "Accepted",
      REJECTED: "Rejected",
      INACTIVE: "Inactive",
    },
    orderStatus: {
      NOT_STARTED: "Not started",
      PENDING: "Waiting for the bike store",
      PACKAGE_PROVIDED: "Bike package ready",
      ALL_INFO_PROVIDED: "Details provided",
      CONFIRMED: "Confirmed",
      PROCESSED: "Processed",
      WAITING_FOR_INVOICE_MATCH: "Waiting for invoice match",
      WAITING_FOR_DELIVERY_DATE: "Waiting for delivery date",
      READY_FOR_BILLING: "Ready for billing",
      GRENKE_INVOICE_SENT: "Grenke invoice sent",
      ACTIVE_LEASING: "Leasing active",
      WAITING_FOR_CUSTOMER_COMMENT: "Waiting for the customer's reply",
      CANCELLED: "Cancelled",
      CASE_X: "Special case",
      WIX: "Online shop order",
      REFUNDED: "Refunded",
    },
  },
  sv: {
    sheetName: "Arbetstagare",
    fileName: "arbetstagare",
    yes: "Ja",
    headers: {
      lastName: "Efternamn",
      firstName: "Förnamn",
      email: "Arbetsmejl",
      phoneNumber: "Telefon",
      companyName: "Företag",
      unitName: "Enhet",
      costUnit: "Kostnadsställe",
      employeeNumber: "Personalnummer",
      payRollOther: "Lönegrupp",
      status: "Status",
      jobTrialPeriodEndDate: "Prövotiden upphör",
      lastWorkingDayDate: "Sista arbetsdag",
      maxPriceCents: "Maxpris (€)",
      orderCount: "Beställningar",
      latestOrderNumber: "Senaste beställning",
      latestOrderStatus: "Senaste beställningens status",
      latestMonthlyPaymentCents: "Månadsavgift (€)",
      absentToday: "Frånvarande i dag",
      joined: "Anslöt",
    },
    employeeStatus: {
      PENDING: "Väntar på godkännande",
      ACCEPTED: "Godkänd",
      REJECTED: "Avvisad",
      INACTIVE: "Inaktiv",
    },
    orderStatus: {
      NOT_STARTED: "Inte påbörjad",
      PENDING: "Väntar på cykelaffären",
      PACKAGE_PROVIDED: "Cykelpaketet klart",
      ALL_INFO_PROVIDED: "Uppgifterna lämnade",
      CONFIRMED: "Bekräftad",
      PROCESSED: "Behandlad",
      WAITING_FOR_INVOICE_MATCH: "Väntar på fakturamatchning",
      WAITING_FOR_DELIVERY_DATE: "Väntar på leveransdatum",
      READY_FOR_BILLING: "Klar för fakturering",
      GRENKE_INVOICE_SENT: "Grenke-faktura skickad",
      ACTIVE_LEASING: "Leasing pågår",
      WAITING_FOR_CUSTOMER_COMMENT: "Väntar på kundens svar",
      CANCELLED: "Avbeställd",
      CASE_X: "Specialfall",
      WIX: "Webbutiksbeställning",
      REFUNDED: "Återbetald",
    },
  },
};
