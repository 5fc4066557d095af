import { Anchor, Button, Group, Skeleton, Stack, Text, TextInput, Title } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import {
  type TSystemUserDetails,
  zUpdatePhone,
  zUpdateWorkEmail,
} from "../../../../contract/system-users.ts";
import { buildPath } from "../../../../domain/routes.ts";
import { isStaffMember, mayDeactivate } from "../../../../domain/user-tiers.ts";
import { normalizeEmail } from "../../../../domain/validation/email.ts";
import { AppLink } from "../../../components/app-link.tsx";
import { ConfirmDialog } from "../../../components/confirm-dialog.tsx";
import { DetailsList } from "../../../components/details-list.tsx";
import { EventTimeline } from "../../../components/event-timeline.tsx";
import { PhoneNumberInput } from "../../../components/phone-number-input.tsx";
import { QueryFrame } from "../../../components/query-frame.tsx";
import { SectionCard } from "../../../components/section-card.tsx";
import { useSectionStatus } from "../../../components/section-status.tsx";
import { mutateThen } from "../../../lib/endpoint-client.ts";
import { messageForApiError } from "../../../lib/error-toasts.ts";
import { fieldRules } from "../../../lib/field-rules.ts";
import { formatDateTime } from "../../../lib/formatters.ts";
import { useSession } from "../../../lib/session.ts";
import { useAdminNav } from "../admin-nav.ts";
import { EventText } from "../reporting/event-summary.tsx";
import { eventTypeLabelKey } from "../reporting/event-types.ts";
import { UserStatusBadge } from "./badges.tsx";
import { ContactChangeDialog, refusalOf } from "./contact-change-dialog.tsx";
import { useCanAudit, useCanManageUsers } from "./user-access.ts";
import { UserAccessLog } from "./user-access-log.tsx";
import { UserErasure } from "./user-erasure.tsx";
import { UserMessages } from "./user-messages.tsx";
import { UserRoles } from "./user-roles.tsx";
import {
  useSendPasswordLink,
  useSetDeactivated,
  useSystemUser,
  useUpdatePhone,
  useUpdateWorkEmail,
  useUserEvents,
} from "./users-api.ts";

type Dialog = "email" | "phone" | "resetPhone" | "passwordLink" | "deactivate" | null;

/** The user's details and the actions on their account. */
function UserDetails({ user }: { user: TSystemUserDetails }) {
  const { t } = useTranslation();
  const session = useSession();
  const canManage = useCanManageUsers();
  const rules = fieldRules(t);
  const status = useSectionStatus(t("adminTaxTables.actionFailedTitle"));
  const [dialog, setDialog] = useState<Dialog>(null);
  const updateEmail = useUpdateWorkEmail(user.userId);
  const updatePhone = useUpdatePhone(user.userId);
  const resetPhone = useUpdatePhone(user.userId);
  const passwordLink = useSendPasswordLink();
  const setDeactivated = useSetDeactivated(user.userId);
  const name = `${user.firstName} ${user.lastName}`;
  // One's own e-mail and phone change with re-authentication on Omat tiedot, not here.
  const self = session.user?.id === user.userId;
  // A staff member's login e-mail and phone are nobody else's to change, and only a super admin
  // deactivates them (the server refuses the rest; the buttons that would fail are not shown).
  const held = user.userRoles.map((r) => ({ name: r.roleName, companyId: r.companyId }));
  const staffTarget = isStaffMember(held);
  const mayDeactivateUser = mayDeactivate(session.user?.roles ?? [], held);

  function open(next: Dialog) {
    status.clear();
    updateEmail.reset();
    updatePhone.reset();
    setDialog(next);
  }
  const close = () => setDialog(null);
  const done = (text: string) => ({
    onSuccess: () => {
      close();
      status.success(text);
    },
  });
  const failed = (error: unknown) => {
    close();
    status.failure(messageForApiError(error, t));
  };

  return (
    <SectionCard
      title={t("adminUsers.details.title")}
      headingOrder={3}
      actions={
        canManage && (
          <>
            {!self && !staffTarget && (
              <>
                <Button size="xs" variant="default" onClick={() => open("email")}>
                  {t("adminUsers.details.changeEmail")}
                </Button>
                <Button size="xs" variant="default" onClick={() => open("phone")}>
                  {t("adminUsers.details.changePhone")}
                </Button>
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => open("resetPhone")}
                  disabled={!user.phoneNumber}
                >
                  {t("adminUsers.details.resetPhone")}
                </Button>
              </>
            )}
            <Button size="xs" variant="default" onClick={() => open("passwordLink")}>
              {t("adminUsers.details.sendPasswordLink")}
            </Button>
            {!self && mayDeactivateUser && (
              <Button
                size="xs"
                variant="outline"
                color={user.deactivated ? undefined : "red"}
                onClick={() => open("deactivate")}
              >
                {user.deactivated ? t("adminUsers.details.activate") : t("adminUsers.details.deactivate")}
              </Button>
            )}
          </>
        )
      }
    >
      <Stack gap="md">
        {status.element}
        {!self && staffTarget && canManage && (
          <Text size="sm" c="dimmed">
            {t("adminUsers.details.staffContactNote")}
          </Text>
        )}
        {self && canManage && (
          <Text size="sm" c="dimmed">
            {t("adminUsers.details.selfNote")}{" "}
            <Anchor component={AppLink} to={buildPath("ownDetails")} size="sm" underline="always">
              {t("adminUsers.details.ownDetailsLink")}
            </Anchor>
          </Text>
        )}
        <DetailsList
          items={[
            { label: t("forms.workEmail"), value: user.workEmail },
            { label: t("adminUsers.form.personalEmail"), value: user.personalEmail },
            { label: t("adminUsers.phone"), value: user.phoneNumber },
            { label: t("adminUsers.homeCompany"), value: user.companyName ?? t("adminUsers.noCompany") },
            { label: t("adminUsers.status"), value: <UserStatusBadge deactivated={user.deactivated} /> },
            {
              label: t("adminUsers.lastLogin"),
              value: user.lastLoginAt ? formatDateTime(user.lastLoginAt) : t("adminUsers.neverLoggedIn"),
            },
          ]}
        />
      </Stack>

      <ContactChangeDialog
        key={`email-${dialog === "email"}`}
        opened={dialog === "email"}
        title={t("adminUsers.details.changeEmailTitle", { name })}
        pending={updateEmail.isPending}
        error={updateEmail.error}
        fieldError={refusalOf(updateEmail.error, ["EMAIL_TAKEN"], t)}
        onClose={close}
        schema={zUpdateWorkEmail}
        bodyField="workEmail"
        // The CSRF token is the call's own to add (useUpdateWorkEmail).
        toBody={(value) => ({ workEmail: normalizeEmail(value) })}
        check={(value) => rules.email(value, undefined)}
        onSave={(value) =>
          mutateThen(
            updateEmail,
            normalizeEmail(value),
            done(t("adminUsers.details.emailChanged", { email: normalizeEmail(value) })),
          )
        }
        field={({ value, onChange, error }) => (
          <TextInput
            label={t("adminUsers.details.newEmail")}
            description={t("adminUsers.form.workEmailHint")}
            type="email"
            autoComplete="off"
            required
            data-autofocus
            value={value}
            onChange={(event) => onChange(event.currentTarget.value)}
            error={error}
          />
        )}
      />
      <ContactChangeDialog
        key={`phone-${dialog === "phone"}`}
        opened={dialog === "phone"}
        title={t("adminUsers.details.changePhoneTitle", { name })}
        pending={updatePhone.isPending}
        error={updatePhone.error}
        fieldError={refusalOf(updatePhone.error, ["UNSUPPORTED_PHONE_NUMBER"], t)}
        onClose={close}
        schema={zUpdatePhone}
        bodyField="phoneNumber"
        toBody={(value) => ({ phoneNumber: value.trim() })}
        check={(value) => rules.phone(value, undefined)}
        onSave={(value) => mutateThen(updatePhone, value.trim(), done(t("adminUsers.details.phoneChanged")))}
        field={({ value, onChange, error }) => (
          <PhoneNumberInput
            description={t("adminUsers.details.phoneChangeHint")}
            autoComplete="off"
            data-autofocus
            value={value}
            onChange={(event) => onChange(event.currentTarget.value)}
            error={error}
          />
        )}
      />
      <ConfirmDialog
        opened={dialog === "resetPhone"}
        title={t("adminUsers.details.resetPhoneTitle", { name })}
        confirmLabel={t("adminUsers.details.resetPhoneConfirm")}
        loading={resetPhone.isPending}
        onCancel={close}
        onConfirm={() =>
          mutateThen(resetPhone, "", {
            ...done(t("adminUsers.details.phoneReset", { name })),
            onError: failed,
          })
        }
      >
        {t("adminUsers.details.resetPhoneText")}
      </ConfirmDialog>
      <ConfirmDialog
        opened={dialog === "passwordLink"}
        title={t("adminUsers.details.passwordLinkTitle", { name })}
        confirmLabel={t("adminUsers.details.passwordLinkConfirm")}
        loading={passwordLink.isPending}
        onCancel={close}
        onConfirm={() =>
          mutateThen(passwordLink, user.workEmail, {
            ...done(t("adminUsers.details.passwordLinkSent", { email: user.workEmail })),
            onError: failed,
          })
        }
      >
        {t("adminUsers.details.passwordLinkText", { email: user.workEmail })}
      </ConfirmDialog>
      <ConfirmDialog
        opened={dialog === "deactivate"}
        title={
          user.deactivated
            ? t("adminUsers.details.activateTitle", { name })
            : t("adminUsers.details.deactivateTitle", { name })
        }
        confirmLabel={
          user.deactivated ? t("adminUsers.details.activate") : t("adminUsers.details.deactivate")
        }
        loading={setDeactivated.isPending}
        onCancel={close}
        onConfirm={() =>
          mutateThen(setDeactivated, !user.deactivated, {
            ...done(
              user.deactivated
                ? t("adminUsers.details.activated", { name })
                : t("adminUsers.details.deactivatedDone", { name }),
            ),
            onError: failed,
          })
        }
      >
        {user.deactivated ? t("adminUsers.details.activateText") : t("adminUsers.details.deactivateText")}
      </ConfirmDialog>
    </SectionCard>
  );
}

/** The user's ten latest events, newest first. */
function UserEvents({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const events = useUserEvents(userId);
  return (
    <SectionCard title={t("adminUsers.events.title")} headingOrder={3}>
      {events.isPending ? (
        <Skeleton height={60} />
      ) : events.isError ? (
        <Text size="sm" role="alert">
          {t("adminUsers.events.loadError")}
        </Text>
      ) : events.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t("adminUsers.events.empty")}
        </Text>
      ) : (
        <EventTimeline
          events={events.data.map((event) => ({
            id: event.id,
            at: event.createdAt,
            actor: event.actor?.name ?? t("adminUsers.events.system"),
            text: <EventText title={t(eventTypeLabelKey(event.type))} event={event} />,
          }))}
        />
      )}
    </SectionCard>
  );
}

/**
 * One system user (/admin/kayttajat/<userId>): their details and account actions, their roles per
 * company, and their recent events. An unknown user (404) says so under the link back to the list.
 */
export function UserPage({ userId }: { userId: string }) {
  const { t } = useTranslation();
  // The person's messages show addresses and what was said to them: the admin tier's.
  const canManage = useCanManageUsers();
  const canAudit = useCanAudit();
  const { pathOf } = useAdminNav();
  const user = useSystemUser(userId);
  const back = (
    <Anchor component={Link} to={pathOf("users")} size="sm">
      {t("adminUsers.backToList")}
    </Anchor>
  );

  return (
    <QueryFrame query={user} header={back} notFound={t("adminUsers.notFound")}>
      {(data) => (
        <Stack gap="lg">
          {back}
          <Group gap="sm" align="center">
            <Title order={2} size="h3">
              {`${data.firstName} ${data.lastName}`}
            </Title>
            <UserStatusBadge deactivated={data.deactivated} />
          </Group>
          <UserDetails user={data} />
          <UserRoles user={data} />
          {canManage && <UserMessages userId={data.userId} />}
          <UserEvents userId={data.userId} />
          {canAudit && <UserAccessLog userId={data.userId} />}
          <UserErasure user={data} />
        </Stack>
      )}
    </QueryFrame>
  );
}
