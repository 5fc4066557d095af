import { Alert, Button, Group, NativeSelect, Stack, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { type TStoreUserInvited, zStoreUserInvite } from "../../../../contract/store-accounts.ts";
import { LANGUAGES, type Language } from "../../../../domain/enums.ts";
import { ActionDialog } from "../../../components/action-dialog.tsx";
import { RequiredFieldsNote } from "../../../components/field-label.tsx";
import { useFormErrorSummary } from "../../../components/form-error-summary.tsx";
import { LANGUAGE_NAMES } from "../../../components/language-menu.tsx";
import { PersonNameFields } from "../../../components/person-name-fields.tsx";
import { PhoneNumberInput } from "../../../components/phone-number-input.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { useContractForm } from "../../../lib/contract-form.ts";
import { mutateThen } from "../../../lib/endpoint-client.ts";
import { messageForApiError } from "../../../lib/error-toasts.ts";
import { useInviteStoreUser } from "./bike-stores-api.ts";

type Values = {
  firstName: string;
  lastName: string;
  workEmail: string;
  phoneNumber: string;
  language: Language;
};

const EMPTY: Values = { firstName: "", lastName: "", workEmail: "", phoneNumber: "", language: "fi" };

/** The refusals that are about the e-mail: another account has it, or they are this store's already. */
const EMAIL_CODES = new Set(["EMAIL_TAKEN", "STORE_USER_EXISTS"]);

/**
 * Inviting a store user (POST /api/bike-stores/{id}/users), checked by the contract's schema: a new
 * person gets an account and a mail to set their password; a user of another store of the chain is
 * bound to this one too. The login's code goes to the phone, so it is required.
 */
function InviteForm({
  storeId,
  onCancel,
  onInvited,
}: {
  storeId: string;
  onCancel: () => void;
  onInvited: (invited: TStoreUserInvited) => void;
}) {
  const { t } = useTranslation();
  const invite = useInviteStoreUser(storeId);
  const form = useContractForm<Values>({ initialValues: EMPTY, schema: zStoreUserInvite });
  const errorSummary = useFormErrorSummary(form);

  function save(values: Values) {
    mutateThen(invite, values, {
      onSuccess: onInvited,
      onError: (error) => {
        const extra: Record<string, string> =
          error instanceof ApiError && EMAIL_CODES.has(error.code)
            ? { workEmail: messageForApiError(error, t) }
            : {};
        if (form.setServerErrors(error, extra)) errorSummary.show();
      },
    });
  }

  // A refusal at a field is said there; anything else (a failure, a broken answer) above the form.
  const atField =
    invite.error instanceof ApiError &&
    (EMAIL_CODES.has(invite.error.code) || (invite.error.status === 400 && invite.error.details.length > 0));

  return (
    <form noValidate onSubmit={form.onSubmit(save, errorSummary.onInvalid)}>
      <Stack gap="md">
        {errorSummary.summary}
        {invite.isError && !atField && (
          <Alert color="red" variant="light" title={t("forms.errorTitle")}>
            {messageForApiError(invite.error, t)}
          </Alert>
        )}
        <RequiredFieldsNote />
        <PersonNameFields
          firstName={form.getInputProps("firstName")}
          lastName={form.getInputProps("lastName")}
        />
        <TextInput
          label={t("forms.workEmail")}
          description={t("adminBikeStores.users.emailHint")}
          type="email"
          autoComplete="off"
          required
          {...form.getInputProps("workEmail")}
        />
        <PhoneNumberInput autoComplete="off" {...form.getInputProps("phoneNumber")} />
        <NativeSelect
          label={t("forms.language")}
          description={t("forms.languageHint")}
          data={LANGUAGES.map((lng) => ({ value: lng, label: LANGUAGE_NAMES[lng] }))}
          {...form.getInputProps("language")}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={invite.isPending}>
            {t("ds.confirm.cancel")}
          </Button>
          <Button type="submit" loading={invite.isPending}>
            {t("adminBikeStores.users.send")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The invitation in a dialog; closing it throws the draft away. */
export function InviteStoreUserDialog({
  storeId,
  storeName,
  opened,
  onClose,
  onInvited,
}: {
  storeId: string;
  storeName: string;
  opened: boolean;
  onClose: () => void;
  onInvited: (invited: TStoreUserInvited) => void;
}) {
  const { t } = useTranslation();
  return (
    <ActionDialog
      opened={opened}
      onCancel={onClose}
      title={t("adminBikeStores.users.inviteTitle", { store: storeName })}
      size="lg"
    >
      {opened && <InviteForm storeId={storeId} onCancel={onClose} onInvited={onInvited} />}
    </ActionDialog>
  );
}
