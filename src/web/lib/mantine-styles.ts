/**
 * Mantine's component styles, imported by the lazy chunks that render Mantine components (app/lazy-pages.ts,
 * which every page chunk loads first, and lib/notifications.ts): those of the components the app uses
 * (mantine-components.css). The entry carries only Mantine's base and what a first view in the HTML
 * needs (main.tsx): the public pages paint without waiting for CSS that they do not use.
 */
import "./mantine-components.css";
