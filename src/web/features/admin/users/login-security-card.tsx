import { Switch } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { adminApi } from "../../../../contract/admin.ts";
import { SectionCard } from "../../../components/section-card.tsx";
import { useSectionStatus } from "../../../components/section-status.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { callEndpoint, endpointKey, useEndpointQuery } from "../../../lib/endpoint-client.ts";
import { messageForApiError } from "../../../lib/error-toasts.ts";

/**
 * Whether admins and the helpdesk must log in with an authenticator app (contract/admin.ts
 * platformSettings), on the roles page of a super admin: who must log in how is decided where what
 * roles may do is. Turning it on takes the caller's own app in use first, so nobody locks themselves out.
 */
export function LoginSecurityCard() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const settings = useEndpointQuery(adminApi.platformSettings, {});
  const status = useSectionStatus(t("adminRoles.loginSecurity.failedTitle"));
  const save = useMutation({
    mutationFn: (staffAuthenticatorRequired: boolean) =>
      callEndpoint(adminApi.updatePlatformSettings, { body: { staffAuthenticatorRequired } }),
    meta: { silent: true },
    onSuccess: (answer) => {
      queryClient.setQueryData(endpointKey(adminApi.platformSettings, {}), answer);
      status.success(
        t(
          answer.staffAuthenticatorRequired
            ? "adminRoles.loginSecurity.turnedOn"
            : "adminRoles.loginSecurity.turnedOff",
        ),
      );
    },
    onError: (error) =>
      status.failure(
        error instanceof ApiError && error.code === "AUTHENTICATOR_NOT_IN_USE"
          ? t("adminRoles.loginSecurity.ownAppFirst")
          : messageForApiError(error, t),
      ),
  });
  return (
    <SectionCard
      title={t("adminRoles.loginSecurity.title")}
      description={t("adminRoles.loginSecurity.intro")}
    >
      {status.element}
      <Switch
        label={t("adminRoles.loginSecurity.staffAuthenticatorRequired")}
        description={t("adminRoles.loginSecurity.staffAuthenticatorRequiredHint")}
        checked={settings.data?.staffAuthenticatorRequired ?? false}
        disabled={!settings.data || save.isPending}
        onChange={(event) => {
          status.clear();
          save.mutate(event.currentTarget.checked);
        }}
      />
    </SectionCard>
  );
}
