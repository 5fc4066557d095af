/**
 * The senders the notification table (domain/notification-table.ts) names: each one's file and the
 * call in it that makes the message. The table's test reads each file for its call, so a row that
 * names a channel no code sends, or a sender that was removed, fails the build.
 */
export type RegisteredSender = { file: string; makes: string };

export const SENDER_REGISTRY: Readonly<Record<string, RegisteredSender>> = {
  "notify:employee": { file: "src/server/modules/notifications/notify.ts", makes: "employeeNoticeMail" },
  "mail:approvalRequest": {
    file: "src/server/modules/notifications/notify-approvers.ts",
    makes: "approvalRequestMail",
  },
  "news:pages": { file: "src/server/modules/whats-new/queries.ts", makes: "newsOf" },
  "tasks:helpdesk": { file: "src/server/modules/orders/tasks.ts", makes: "helpdeskTasks" },
  "job:reminders": { file: "src/server/jobs/reminders.ts", makes: "queueReminderMessages" },
  "bell:employerAdmins": {
    file: "src/server/modules/notifications/recipients.ts",
    makes: "employerAdminsOf",
  },
  "mail:storeDefect": { file: "src/server/modules/handovers/report-defect.ts", makes: "queueStoreNotice" },
  "mail:storeOrderCancelled": {
    file: "src/server/modules/orders/lifecycle.ts",
    makes: "tellStoreOfCancellation",
  },
  "mail:storePayout": {
    file: "src/server/modules/store-payouts/mark-batch-paid.ts",
    makes: "queueStoreNotice",
  },
  "mail:storePackageLink": { file: "src/server/modules/store-links/mails.ts", makes: "storePackageLinkMail" },
  "mail:storeDeliveryLink": {
    file: "src/server/modules/store-links/mails.ts",
    makes: "storeDeliveryLinkMail",
  },
  "mail:purchaseOrder": { file: "src/server/modules/orders/mails.ts", makes: "purchaseOrderMail" },
  "mail:orderCancelled": {
    file: "src/server/modules/order-cancellations/mails.ts",
    makes: "orderCancelledMail",
  },
  "mail:orderRefunded": {
    file: "src/server/modules/order-cancellations/mails.ts",
    makes: "orderRefundedMail",
  },
  "mail:userPaymentInvoice": {
    file: "src/server/modules/user-payments/mails.ts",
    makes: "userPaymentInvoiceMail",
  },
  "mail:leaseInvoice": {
    file: "src/server/modules/lease-invoices/deliver.ts",
    makes: "leaseInvoiceIssuedMail",
  },
  "mail:payrollReport": {
    file: "src/server/modules/payroll-delivery/deliver.ts",
    makes: "payrollReportMail",
  },
  "mail:claimReceived": {
    file: "src/server/modules/insurance-claims/mails.ts",
    makes: "insuranceClaimReceivedMail",
  },
  "mail:claimSettled": {
    file: "src/server/modules/insurance-claims/mails.ts",
    makes: "insuranceClaimCompletedMail",
  },
  "mail:redemptionOffer": { file: "src/server/modules/redemptions/mails.ts", makes: "redemptionOfferMail" },
  "mail:redemptionCompleted": {
    file: "src/server/modules/redemptions/mails.ts",
    makes: "redemptionCompletedMail",
  },
  "mail:brokerageInquiry": { file: "src/server/modules/brokerage/mails.ts", makes: "brokerageInquiryMail" },
  "mail:registrationReceived": {
    file: "src/server/modules/registration/mails.ts",
    makes: "registrationReceivedMail",
  },
  "mail:joinConfirmation": {
    file: "src/server/modules/registration/mails.ts",
    makes: "joinConfirmationMail",
  },
  "mail:joinDecision": { file: "src/server/modules/employees/mails.ts", makes: "employeeAcceptedMail" },
  "mail:employeeInvitation": {
    file: "src/server/modules/employees/mails.ts",
    makes: "employeeInvitationMail",
  },
  "mail:employmentInvitation": {
    file: "src/server/modules/employees/mails.ts",
    makes: "employmentInvitationMail",
  },
  "mail:employerSignupReceived": {
    file: "src/server/modules/registration/mails.ts",
    makes: "employerSignupReceivedMail",
  },
  "mail:companyApplicationDecision": {
    file: "src/server/modules/admin/application-mails.ts",
    makes: "companyApplicationAcceptedMail",
  },
  "mail:setPassword": { file: "src/server/modules/system-users/mails.ts", makes: "setPasswordMail" },
  "mail:staffRoleGranted": {
    file: "src/server/modules/system-users/mails.ts",
    makes: "staffRoleGrantedMail",
  },
  "mail:storeAccountChanged": {
    file: "src/server/modules/bike-stores/mails.ts",
    makes: "storeAccountChangedMail",
  },
  "sms:twoFactorCode": { file: "src/server/modules/auth/password-step.ts", makes: "twoFactorCodeSms" },
  "mail:passwordReset": { file: "src/server/modules/password/mails.ts", makes: "passwordResetMail" },
  "mail:passwordChanged": { file: "src/server/modules/password/mails.ts", makes: "passwordChangedMail" },
  "mail:twoFactorLocked": { file: "src/server/modules/auth/mails.ts", makes: "twoFactorLockedMail" },
  "mail:secondFactorChanged": {
    file: "src/server/modules/auth/mails.ts",
    makes: "secondFactorChangedMail",
  },
  "mail:newDeviceLogin": {
    file: "src/server/modules/auth/mails.ts",
    makes: "newDeviceLoginMail",
  },
  "mail:contactChange": {
    file: "src/server/modules/system-users/mails.ts",
    makes: "emailChangeConfirmMail",
  },
  "sms:phoneChangeCode": {
    file: "src/server/modules/system-users/contact-change.ts",
    makes: "phoneChangeCodeSms",
  },
  "mail:accountDeactivated": {
    file: "src/server/jobs/deactivate-inactive-users.ts",
    makes: "accountDeactivatedMail",
  },
};
