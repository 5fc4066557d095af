import { relations } from "drizzle-orm";
import { passwordResetTokens, refreshSessions, registrationLinks, twoFactorChallenges } from "./auth.ts";
import { bikeBrokerages } from "./brokerage.ts";
import { companies, companyUnits, groupCompanies } from "./companies.ts";
import {
  bikePolicies,
  companyApplications,
  groupPayrollReportRecipients,
  payrollReportRecipients,
} from "./company-settings.ts";
import { beneficiaryEmployees, employeeAbsences } from "./employees.ts";
import { eventLog } from "./event-log.ts";
import { files } from "./files.ts";
import { billingTableRows, billingTables, leasingCompanies } from "./finance.ts";
import { insuranceClaims } from "./insurance.ts";
import { invoices } from "./invoices.ts";
import { leasingAgreements, signedDocuments } from "./leasing.ts";
import { notifications, tasks } from "./messaging.ts";
import { orderCancellations, orderItems, orders, refundUploads } from "./orders.ts";
import { bikeRedemptions, redemptionOffers, redemptionPayments, userPayments } from "./redemptions.ts";
import { bikeStoreGroups, bikeStores } from "./stores.ts";
import {
  permissions,
  rolePermissions,
  roles,
  systemUsers,
  userPreferences,
  userRoles,
  users,
} from "./users.ts";

/**
 * Relations for the relational query API (`db.query.orders.findMany({ with: { items: true } })`).
 * Only the main paths are declared; audit columns such as grantedByUserId or decidedByUserId have none,
 * so each pair of tables has one unambiguous relation.
 */

// Users and access -------------------------------------------------------------------------------

export const usersRelations = relations(users, ({ one, many }) => ({
  systemUser: one(systemUsers),
  preferences: one(userPreferences),
  userRoles: many(userRoles),
  beneficiaryEmployees: many(beneficiaryEmployees),
  notifications: many(notifications),
  refreshSessions: many(refreshSessions),
}));

export const systemUsersRelations = relations(systemUsers, ({ one }) => ({
  user: one(users, { fields: [systemUsers.userId], references: [users.id] }),
  company: one(companies, { fields: [systemUsers.companyId], references: [companies.id] }),
}));

export const rolesRelations = relations(roles, ({ many }) => ({
  rolePermissions: many(rolePermissions),
  userRoles: many(userRoles),
}));

export const permissionsRelations = relations(permissions, ({ many }) => ({
  rolePermissions: many(rolePermissions),
}));

export const rolePermissionsRelations = relations(rolePermissions, ({ one }) => ({
  role: one(roles, { fields: [rolePermissions.roleId], references: [roles.id] }),
  permission: one(permissions, { fields: [rolePermissions.permissionId], references: [permissions.id] }),
}));

export const userRolesRelations = relations(userRoles, ({ one }) => ({
  user: one(users, { fields: [userRoles.userId], references: [users.id] }),
  role: one(roles, { fields: [userRoles.roleId], references: [roles.id] }),
  company: one(companies, { fields: [userRoles.companyId], references: [companies.id] }),
}));

export const userPreferencesRelations = relations(userPreferences, ({ one }) => ({
  user: one(users, { fields: [userPreferences.userId], references: [users.id] }),
}));

export const refreshSessionsRelations = relations(refreshSessions, ({ one }) => ({
  user: one(users, { fields: [refreshSessions.userId], references: [users.id] }),
}));

export const passwordResetTokensRelations = relations(passwordResetTokens, ({ one }) => ({
  user: one(users, { fields: [passwordResetTokens.userId], references: [users.id] }),
}));

export const twoFactorChallengesRelations = relations(twoFactorChallenges, ({ one }) => ({
  user: one(users, { fields: [twoFactorChallenges.userId], references: [users.id] }),
}));

// Companies --------------------------------------------------------------------------------------

export const groupCompaniesRelations = relations(groupCompanies, ({ many }) => ({
  companies: many(companies),
  payrollReportRecipients: many(groupPayrollReportRecipients),
}));

export const companiesRelations = relations(companies, ({ one, many }) => ({
  groupCompany: one(groupCompanies, {
    fields: [companies.groupCompanyId],
    references: [groupCompanies.id],
  }),
  leasingCompany: one(leasingCompanies, {
    fields: [companies.leasingCompanyId],
    references: [leasingCompanies.id],
  }),
  billingTable: one(billingTables, { fields: [companies.billingTableId], references: [billingTables.id] }),
  companyUnits: many(companyUnits),
  systemUsers: many(systemUsers),
  userRoles: many(userRoles),
  beneficiaryEmployees: many(beneficiaryEmployees),
  orders: many(orders),
  payrollReportRecipients: many(payrollReportRecipients),
  bikePolicies: many(bikePolicies),
}));

export const companyUnitsRelations = relations(companyUnits, ({ one, many }) => ({
  company: one(companies, { fields: [companyUnits.companyId], references: [companies.id] }),
  beneficiaryEmployees: many(beneficiaryEmployees),
}));

export const payrollReportRecipientsRelations = relations(payrollReportRecipients, ({ one }) => ({
  company: one(companies, { fields: [payrollReportRecipients.companyId], references: [companies.id] }),
  user: one(users, { fields: [payrollReportRecipients.userId], references: [users.id] }),
}));

export const groupPayrollReportRecipientsRelations = relations(groupPayrollReportRecipients, ({ one }) => ({
  groupCompany: one(groupCompanies, {
    fields: [groupPayrollReportRecipients.groupCompanyId],
    references: [groupCompanies.id],
  }),
  user: one(users, { fields: [groupPayrollReportRecipients.userId], references: [users.id] }),
}));

export const bikePoliciesRelations = relations(bikePolicies, ({ one }) => ({
  company: one(companies, { fields: [bikePolicies.companyId], references: [companies.id] }),
  user: one(users, { fields: [bikePolicies.userId], references: [users.id] }),
}));

export const companyApplicationsRelations = relations(companyApplications, ({ one }) => ({
  createdCompany: one(companies, {
    fields: [companyApplications.createdCompanyId],
    references: [companies.id],
  }),
}));

export const registrationLinksRelations = relations(registrationLinks, ({ one }) => ({
  company: one(companies, { fields: [registrationLinks.companyId], references: [companies.id] }),
  groupCompany: one(groupCompanies, {
    fields: [registrationLinks.groupCompanyId],
    references: [groupCompanies.id],
  }),
}));

// Stores, leasing companies, billing tables ------------------------------------------------------

export const bikeStoreGroupsRelations = relations(bikeStoreGroups, ({ many }) => ({
  bikeStores: many(bikeStores),
}));

export const bikeStoresRelations = relations(bikeStores, ({ one, many }) => ({
  bikeStoreGroup: one(bikeStoreGroups, {
    fields: [bikeStores.bikeStoreGroupId],
    references: [bikeStoreGroups.id],
  }),
  orders: many(orders),
}));

export const leasingCompaniesRelations = relations(leasingCompanies, ({ many }) => ({
  billingTables: many(billingTables),
  leasingAgreements: many(leasingAgreements),
}));

export const billingTablesRelations = relations(billingTables, ({ one, many }) => ({
  leasingCompany: one(leasingCompanies, {
    fields: [billingTables.leasingCompanyId],
    references: [leasingCompanies.id],
  }),
  rows: many(billingTableRows),
}));

export const billingTableRowsRelations = relations(billingTableRows, ({ one }) => ({
  billingTable: one(billingTables, {
    fields: [billingTableRows.billingTableId],
    references: [billingTables.id],
  }),
}));

// Employees and orders ---------------------------------------------------------------------------

export const beneficiaryEmployeesRelations = relations(beneficiaryEmployees, ({ one, many }) => ({
  user: one(users, { fields: [beneficiaryEmployees.userId], references: [users.id] }),
  /** The profile (firstName, lastName) straight from the employee, as the spec's systemUser. */
  systemUser: one(systemUsers, {
    fields: [beneficiaryEmployees.userId],
    references: [systemUsers.userId],
  }),
  company: one(companies, { fields: [beneficiaryEmployees.companyId], references: [companies.id] }),
  unit: one(companyUnits, { fields: [beneficiaryEmployees.unitId], references: [companyUnits.id] }),
  orders: many(orders),
  leasingAgreements: many(leasingAgreements),
  signedDocuments: many(signedDocuments),
  bikeRedemptions: many(bikeRedemptions),
  userPayments: many(userPayments),
  insuranceClaims: many(insuranceClaims),
  absences: many(employeeAbsences),
}));

export const employeeAbsencesRelations = relations(employeeAbsences, ({ one }) => ({
  beneficiaryEmployee: one(beneficiaryEmployees, {
    fields: [employeeAbsences.beneficiaryEmployeeId],
    references: [beneficiaryEmployees.id],
  }),
}));

export const ordersRelations = relations(orders, ({ one, many }) => ({
  beneficiaryEmployee: one(beneficiaryEmployees, {
    fields: [orders.beneficiaryEmployeeId],
    references: [beneficiaryEmployees.id],
  }),
  company: one(companies, { fields: [orders.companyId], references: [companies.id] }),
  bikeStore: one(bikeStores, { fields: [orders.bikeStoreId], references: [bikeStores.id] }),
  leasingCompany: one(leasingCompanies, {
    fields: [orders.leasingCompanyId],
    references: [leasingCompanies.id],
  }),
  billingTable: one(billingTables, { fields: [orders.billingTableId], references: [billingTables.id] }),
  items: many(orderItems),
  leasingAgreements: many(leasingAgreements),
  orderCancellations: many(orderCancellations),
  bikeRedemptions: many(bikeRedemptions),
  invoices: many(invoices),
}));

export const orderItemsRelations = relations(orderItems, ({ one }) => ({
  order: one(orders, { fields: [orderItems.orderId], references: [orders.id] }),
}));

export const orderCancellationsRelations = relations(orderCancellations, ({ one, many }) => ({
  order: one(orders, { fields: [orderCancellations.orderId], references: [orders.id] }),
  company: one(companies, { fields: [orderCancellations.companyId], references: [companies.id] }),
  uploadedRefunds: many(refundUploads),
}));

export const refundUploadsRelations = relations(refundUploads, ({ one }) => ({
  orderCancellation: one(orderCancellations, {
    fields: [refundUploads.orderCancellationId],
    references: [orderCancellations.id],
  }),
  file: one(files, { fields: [refundUploads.fileId], references: [files.id] }),
}));

// Leasing ----------------------------------------------------------------------------------------

export const leasingAgreementsRelations = relations(leasingAgreements, ({ one, many }) => ({
  order: one(orders, { fields: [leasingAgreements.orderId], references: [orders.id] }),
  beneficiaryEmployee: one(beneficiaryEmployees, {
    fields: [leasingAgreements.beneficiaryEmployeeId],
    references: [beneficiaryEmployees.id],
  }),
  company: one(companies, { fields: [leasingAgreements.companyId], references: [companies.id] }),
  leasingCompany: one(leasingCompanies, {
    fields: [leasingAgreements.leasingCompanyId],
    references: [leasingCompanies.id],
  }),
  file: one(files, { fields: [leasingAgreements.fileId], references: [files.id] }),
  signedDocuments: many(signedDocuments),
}));

export const signedDocumentsRelations = relations(signedDocuments, ({ one }) => ({
  beneficiaryEmployee: one(beneficiaryEmployees, {
    fields: [signedDocuments.beneficiaryEmployeeId],
    references: [beneficiaryEmployees.id],
  }),
  leasingAgreement: one(leasingAgreements, {
    fields: [signedDocuments.leasingAgreementId],
    references: [leasingAgreements.id],
  }),
  company: one(companies, { fields: [signedDocuments.companyId], references: [companies.id] }),
  file: one(files, { fields: [signedDocuments.fileId], references: [files.id] }),
}));

// Redemptions and payments -----------------------------------------------------------------------

export const bikeRedemptionsRelations = relations(bikeRedemptions, ({ one, many }) => ({
  order: one(orders, { fields: [bikeRedemptions.orderId], references: [orders.id] }),
  beneficiaryEmployee: one(beneficiaryEmployees, {
    fields: [bikeRedemptions.beneficiaryEmployeeId],
    references: [beneficiaryEmployees.id],
  }),
  company: one(companies, { fields: [bikeRedemptions.companyId], references: [companies.id] }),
  leasingAgreement: one(leasingAgreements, {
    fields: [bikeRedemptions.leasingAgreementId],
    references: [leasingAgreements.id],
  }),
  redemptionOffers: many(redemptionOffers),
  redemptionPayments: many(redemptionPayments),
  userPayments: many(userPayments),
}));

export const redemptionOffersRelations = relations(redemptionOffers, ({ one }) => ({
  bikeRedemption: one(bikeRedemptions, {
    fields: [redemptionOffers.bikeRedemptionId],
    references: [bikeRedemptions.id],
  }),
  file: one(files, { fields: [redemptionOffers.fileId], references: [files.id] }),
}));

export const redemptionPaymentsRelations = relations(redemptionPayments, ({ one }) => ({
  bikeRedemption: one(bikeRedemptions, {
    fields: [redemptionPayments.bikeRedemptionId],
    references: [bikeRedemptions.id],
  }),
  company: one(companies, { fields: [redemptionPayments.companyId], references: [companies.id] }),
}));

export const userPaymentsRelations = relations(userPayments, ({ one }) => ({
  beneficiaryEmployee: one(beneficiaryEmployees, {
    fields: [userPayments.beneficiaryEmployeeId],
    references: [beneficiaryEmployees.id],
  }),
  company: one(companies, { fields: [userPayments.companyId], references: [companies.id] }),
  order: one(orders, { fields: [userPayments.orderId], references: [orders.id] }),
  bikeRedemption: one(bikeRedemptions, {
    fields: [userPayments.bikeRedemptionId],
    references: [bikeRedemptions.id],
  }),
}));

// Brokerage, insurance, invoices -----------------------------------------------------------------

export const bikeBrokeragesRelations = relations(bikeBrokerages, ({ one }) => ({
  user: one(users, { fields: [bikeBrokerages.userId], references: [users.id] }),
  company: one(companies, { fields: [bikeBrokerages.companyId], references: [companies.id] }),
  order: one(orders, { fields: [bikeBrokerages.orderId], references: [orders.id] }),
}));

export const insuranceClaimsRelations = relations(insuranceClaims, ({ one }) => ({
  beneficiaryEmployee: one(beneficiaryEmployees, {
    fields: [insuranceClaims.beneficiaryEmployeeId],
    references: [beneficiaryEmployees.id],
  }),
  company: one(companies, { fields: [insuranceClaims.companyId], references: [companies.id] }),
  order: one(orders, { fields: [insuranceClaims.orderId], references: [orders.id] }),
}));

export const invoicesRelations = relations(invoices, ({ one }) => ({
  company: one(companies, { fields: [invoices.companyId], references: [companies.id] }),
  order: one(orders, { fields: [invoices.orderId], references: [orders.id] }),
  bikeStore: one(bikeStores, { fields: [invoices.bikeStoreId], references: [bikeStores.id] }),
  leasingCompany: one(leasingCompanies, {
    fields: [invoices.leasingCompanyId],
    references: [leasingCompanies.id],
  }),
  bikeRedemption: one(bikeRedemptions, {
    fields: [invoices.bikeRedemptionId],
    references: [bikeRedemptions.id],
  }),
  insuranceClaim: one(insuranceClaims, {
    fields: [invoices.insuranceClaimId],
    references: [insuranceClaims.id],
  }),
  file: one(files, { fields: [invoices.fileId], references: [files.id] }),
}));

// Messaging and log ------------------------------------------------------------------------------

export const notificationsRelations = relations(notifications, ({ one }) => ({
  user: one(users, { fields: [notifications.userId], references: [users.id] }),
  company: one(companies, { fields: [notifications.companyId], references: [companies.id] }),
}));

export const tasksRelations = relations(tasks, ({ one }) => ({
  company: one(companies, { fields: [tasks.companyId], references: [companies.id] }),
  assignedTo: one(users, { fields: [tasks.assignedToUserId], references: [users.id] }),
}));

export const eventLogRelations = relations(eventLog, ({ one }) => ({
  actor: one(users, { fields: [eventLog.actorUserId], references: [users.id] }),
  company: one(companies, { fields: [eventLog.companyId], references: [companies.id] }),
}));
