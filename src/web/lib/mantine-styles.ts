/**
 * Mantine's component styles, loaded with whatever renders Mantine components: every page (pageModule in
 * app/routes.tsx), a toast (lib/notifications.ts) and the header's user actions. The entry carries only Mantine's base
 * (main.tsx): the public pages paint without waiting for some 250 KB of CSS that they do not use.
 */
import "@mantine/core/styles.layer.css";
