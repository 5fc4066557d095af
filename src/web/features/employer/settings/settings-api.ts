import type { QueryClient } from "@tanstack/react-query";
import { payrollDeliveryApi } from "../../../../contract/payroll-delivery.ts";
import { reminderSettingsApi } from "../../../../contract/reminder-settings.ts";
import { scimTokenApi } from "../../../../contract/scim.ts";
import { systemUsersApi } from "../../../../contract/system-users.ts";
import { endpointKey } from "../../../lib/endpoint-client.ts";
import { refreshQueries } from "../../../lib/query-client.ts";

/**
 * What a change in the employer's company settings touched: the payroll delivery's settings or its
 * deliveries (one made now, or one sent again), the reminders' settings, the SCIM token, or the
 * company's colleagues.
 */
type SettingsChange = "payroll-delivery" | "deliveries" | "reminders" | "scim-token" | "colleagues";

const STALE: Record<SettingsChange, Parameters<typeof endpointKey>[0]> = {
  "payroll-delivery": payrollDeliveryApi.settings,
  deliveries: payrollDeliveryApi.deliveries,
  reminders: reminderSettingsApi.settings,
  "scim-token": scimTokenApi.scimToken,
  colleagues: systemUsersApi.list,
};

/** Refetches what a change of the settings made stale; resolves when it is read again. */
export function refreshEmployerSettings(queryClient: QueryClient, change: SettingsChange) {
  return refreshQueries(queryClient, [endpointKey(STALE[change])]);
}
