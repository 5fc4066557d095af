/**
 * Mantine's component styles, imported by the lazy chunks that render Mantine components (app/lazy-pages.ts,
 * which every page chunk loads first, and lib/notifications.ts). The entry carries only Mantine's base
 * (main.tsx): the public pages paint without waiting for some 250 KB of CSS that they do not use.
 */
import "@mantine/core/styles.layer.css";
