import { Stack } from "@mantine/core";
import { AdminFrame } from "../../app/admin-frame.tsx";
import { AdminTabs } from "./admin-tabs.tsx";
import { OrderQueueHeading } from "./orders/order-queue-heading.tsx";
import { ViewSwitch } from "./orders/view-switch.tsx";
import { SearchField } from "./search/search-field.tsx";

/**
 * /admin's first view, which the build renders (entry-server.tsx) and the server writes into the page's
 * HTML for the helpdesk (server plugins/spa.ts): the area's frame, its tabs, Hakemukset's view switch
 * and the order queue's heading, with the same components and wrappers as admin-page.tsx,
 * helpdesk-tab.tsx and order-queue.tsx, without the counts and the rows that come with the data. A
 * phone then shows the helpdesk's work place at once instead of an empty frame while the area's code
 * arrives; the queue's lead, the largest text of its first screen, stands where the area draws it.
 */
export function AdminFirstView() {
  return (
    <AdminFrame toolbar={<SearchField />}>
      <AdminTabs tab="applications">
        <Stack gap="md">
          <ViewSwitch view="orders" />
          <Stack gap="md" component="section">
            <OrderQueueHeading />
          </Stack>
        </Stack>
      </AdminTabs>
    </AdminFrame>
  );
}
