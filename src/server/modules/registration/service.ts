import { and, eq, isNull, sql } from "drizzle-orm";
import QRCode from "qrcode";
import type { z } from "zod";
import {
  ALREADY_ADDED_MESSAGE,
  COMPANY_REGISTRATION_MESSAGE,
  CONFIRM_JOIN_MESSAGE,
  EMPLOYEE_REGISTRATION_MESSAGE,
  type zCompanyRegistrationRequest,
  type zEmployeeRegistrationRequest,
  type zRegisterLinkInfo,
  type zRegisterLinkResponse,
  type zRegistrationDone,
} from "../../../contract/registration.ts";
import { DAY_MS } from "../../../domain/dates.ts";
import { joinerTreatment } from "../../../domain/join-rules.ts";
import { normalizeEInvoiceId } from "../../../domain/validation/e-invoice.ts";
import type { AppContext } from "../../context.ts";
import type { Db } from "../../db/client.ts";
import {
  companies,
  companyApplications,
  groupCompanies,
  registrationLinks,
  roles,
  users,
} from "../../db/schema/index.ts";
import { inTransaction, write } from "../../db/transaction.ts";
import { notFound } from "../../errors.ts";
import { hashPassword } from "../auth/passwords.ts";
import type { CurrentUser } from "../auth/session-user.ts";
import { ensureCompanyInScope } from "../auth/tenancy.ts";
import { randomToken, sha256 } from "../auth/tokens.ts";
import { ensureStrongPassword } from "../password/password-policy.ts";
import { accountExists, domainAddressRequired, fieldInvalid, registrationLinkInvalid } from "./errors.ts";
import { validBusinessId, validEmail, validPhoneNumber } from "./field-rules.ts";
import { joinByLink, joinListedPerson } from "./join-by-link.ts";
import { joinRuleOf } from "./join-rule.ts";
import { REGISTRATION_LINK_DAYS, type ResolvedLink, resolveLink } from "./links.ts";
import { queueSignupReceived } from "./mails.ts";

/**
 * Joining by a registration link and an employer's own sign-up (docs/product.md "Screens" /liity/{token}, /register;
 * docs/api-surface.md "Registration links"). An employee who joins becomes a BIKE_BENEFICIARY of the link's company
 * whose employment waits (PENDING) for the employer's acceptance; a company's sign-up waits in the
 * helpdesk's queue as a company application, and nothing else is created until it is accepted.
 */

type LinkInfo = z.infer<typeof zRegisterLinkInfo>;
type EmployeeRegistration = z.infer<typeof zEmployeeRegistrationRequest>;
type CompanyRegistration = z.infer<typeof zCompanyRegistrationRequest>;

const companyNotInLink = () =>
  fieldInvalid("body.companyId", "Choose one of the companies of the registration link");

/** The company an employee joins: the link's own, or the chosen company of the link's group. */
function chosenCompany(link: ResolvedLink, companyId: string | undefined) {
  if (link.kind === "company") {
    const [company] = link.companies;
    if (!company || (companyId && companyId !== company.id)) throw companyNotInLink();
    return company;
  }
  const company = link.companies.find((c) => c.id === companyId);
  if (!company) throw companyNotInLink();
  return company;
}

type RegisterLink = z.infer<typeof zRegisterLinkResponse>;

export function createRegistrationService(ctx: AppContext) {
  const { db } = ctx.database;

  async function insertLink(
    user: CurrentUser,
    target: { companyId: string } | { groupCompanyId: string },
  ): Promise<RegisterLink> {
    const token = randomToken();
    await db.insert(registrationLinks).values({
      ...target,
      tokenHash: sha256(token),
      createdByUserId: user.id,
      expiresAt: new Date(Date.now() + REGISTRATION_LINK_DAYS * DAY_MS),
    });
    const url = `${ctx.config.publicUrl}/liity/${encodeURIComponent(token)}`;
    // The QR code is made here, so the browser needs no QR library: a poster or a slide shows it.
    const qrSvg = await QRCode.toString(url, { type: "svg", margin: 2, errorCorrectionLevel: "M" });
    return { token, url, qrSvg };
  }

  async function isEmailRegistered(database: Db, email: string): Promise<boolean> {
    const [row] = await database
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${email}`);
    return !!row;
  }

  return {
    /** An employer's link for one company of its scope (404 outside it). */
    async createCompanyLink(user: CurrentUser, companyId: string): Promise<RegisterLink> {
      ensureCompanyInScope(user, companyId, "Company");
      const [company] = await db
        .select({ id: companies.id })
        .from(companies)
        .where(and(eq(companies.id, companyId), isNull(companies.deletedAt)));
      if (!company) throw notFound("Company");
      return insertLink(user, { companyId });
    },

    /**
     * A link for a whole group: for the admin tier, and for a group admin of that group (the role held
     * in one of its companies). Anyone else, and an unknown or empty group, gets 404.
     */
    async createGroupCompanyLink(user: CurrentUser, groupCompanyId: string): Promise<RegisterLink> {
      if (user.scope.kind !== "all") {
        const groupAdminIn = new Set(
          user.userRoles.filter((ur) => ur.role.name === "EMPLOYER_GROUP_ADMIN").map((ur) => ur.companyId),
        );
        const covers = user.companies.some(
          (c) => c.groupCompanyId === groupCompanyId && groupAdminIn.has(c.id),
        );
        if (!covers) throw notFound("Group company");
      }
      const [group] = await db
        .select({ id: groupCompanies.id })
        .from(groupCompanies)
        .where(eq(groupCompanies.id, groupCompanyId));
      if (!group) throw notFound("Group company");
      return insertLink(user, { groupCompanyId });
    },

    async linkInfo(token: string): Promise<LinkInfo> {
      const link = await resolveLink(db, token);
      if (!link) return { valid: false, kind: null, name: null, companies: [] };
      return { valid: true, kind: link.kind, name: link.name, companies: link.companies };
    },

    async registerEmployee(input: EmployeeRegistration): Promise<z.infer<typeof zRegistrationDone>> {
      const email = validEmail(input.email, "body.email");
      const phoneNumber = validPhoneNumber(input.phoneNumber, "body.phoneNumber");
      ensureStrongPassword(input.password, email);
      const link = await resolveLink(db, input.token);
      if (!link) throw registrationLinkInvalid();
      const company = chosenCompany(link, input.companyId);
      if (await isEmailRegistered(db, email)) {
        const listed = await write(db, { actor: { userId: null } }, (w) =>
          joinListedPerson(w, { company, person: { email } }),
        );
        if (listed) return { message: ALREADY_ADDED_MESSAGE, alreadyAdded: true };
        throw accountExists();
      }
      const treatment = joinerTreatment(await joinRuleOf(db, company.id), email);
      if (treatment === "REFUSED") throw domainAddressRequired();
      const confirmByEmail = treatment === "CONFIRMS_TO_JOIN";
      const passwordHash = await hashPassword(input.password);
      const [beneficiaryRole] = await db
        .select({ id: roles.id })
        .from(roles)
        .where(eq(roles.name, "BIKE_BENEFICIARY"));
      if (!beneficiaryRole) throw new Error("The BIKE_BENEFICIARY role is missing");

      await write(db, { actor: { userId: null } }, (w) =>
        joinByLink(w, {
          linkId: link.id,
          company,
          beneficiaryRoleId: beneficiaryRole.id,
          person: {
            email,
            passwordHash,
            phoneNumber,
            firstName: input.firstName,
            lastName: input.lastName,
            language: input.language,
          },
          confirmByEmail,
        }),
      );
      if (confirmByEmail) return { message: CONFIRM_JOIN_MESSAGE, alreadyAdded: false, confirmByEmail };
      return { message: EMPLOYEE_REGISTRATION_MESSAGE, alreadyAdded: false };
    },

    /** Stores the sign-up for the helpdesk and thanks the applicant; no company or user yet. */
    async registerCompany(input: CompanyRegistration): Promise<{ message: string }> {
      const businessId = validBusinessId(input.company.businessId, "body.company.businessId");
      const email = validEmail(input.admin.email, "body.admin.email");
      const phoneNumber = validPhoneNumber(input.admin.phoneNumber, "body.admin.phoneNumber");
      const { company, admin } = input;
      const billingEmail = company.billingEmail?.trim()
        ? validEmail(company.billingEmail, "body.company.billingEmail")
        : null;

      await inTransaction(db, async (tx) => {
        await tx.insert(companyApplications).values({
          companyName: company.name,
          businessId,
          contactFirstName: admin.firstName,
          contactLastName: admin.lastName,
          contactEmail: email,
          contactPhoneNumber: phoneNumber,
          employeeCount: company.employeeCount ?? null,
          streetAddress: company.streetAddress,
          postalCode: company.postalCode,
          city: company.city,
          billingEmail,
          // Kept as the company's own fields keep them: no spaces, capitals.
          eInvoiceAddress: company.eInvoiceAddress ? normalizeEInvoiceId(company.eInvoiceAddress) : null,
          eInvoiceOperator: company.eInvoiceOperator ? normalizeEInvoiceId(company.eInvoiceOperator) : null,
          language: input.language,
          status: "PENDING",
        });
        await queueSignupReceived(
          tx,
          { email, language: input.language },
          { name: admin.firstName, companyName: company.name },
        );
      });
      return { message: COMPANY_REGISTRATION_MESSAGE };
    },
  };
}
