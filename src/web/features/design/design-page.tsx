import {
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Container,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  Textarea,
  TextInput,
  Title,
  useMantineTheme,
} from "@mantine/core";
import type { ReactNode } from "react";
import { CONTRAST_PAIRS, contrastRatio } from "../../app/palette-contrast.ts";
import { pedaaliGreen } from "../../app/theme.ts";
import { usePageTitle } from "../../lib/page-title.ts";
import { ComponentDemos } from "./component-demos.tsx";
import classes from "./design-page.module.css";

// Loads the shared pages chunk first, as the admin and employer pages do: a lazy chunk that imports the
// shell's modules (AppLink...) only directly makes the bundler split them out of the home page's entry
// (rolldown#10731, see app/lazy-pages.ts), ~1.2 KB gzip more for every visitor of the home page.
export { PlaceholderPage as SharedPagesChunk } from "../../app/lazy-pages.ts";

/*
 * The design reference for developers (docs/design.md): the identity as the theme renders it, then the
 * design-system components. English only, like the rest of the developer documentation; reachable
 * outside production only (server/plugins/spa.ts DEV_PAGES).
 */

const WHITE = "#ffffff";
const BLACK = "#000000";
const HEADING_ORDERS = ["h1", "h2", "h3", "h4", "h5", "h6"] as const;
const TEXT_SIZES = ["xs", "sm", "md", "lg", "xl"] as const;
const SPACINGS = ["xs", "sm", "md", "lg", "xl", "2xl", "3xl"] as const;
const RADII = ["xs", "sm", "md", "lg", "xl"] as const;
const WEIGHTS = [400, 500, 600, 700, 800] as const;
const FINNISH_SAMPLE = "Työsuhdepyörä Äänekoskelta, Övermarkista ja Ålandista: 1 234,56 € / kk – 36 kk.";

const LAYOUT_TOKENS: readonly { name: string; use: string }[] = [
  {
    name: "--pd-content-width",
    use: "One page width: header, footer, home, contact, content pages, Container lg",
  },
  { name: "--pd-measure", use: "Readable line length of running text (68ch)" },
  { name: "--pd-gutter", use: "Space between the window edge and the content" },
  { name: "--pd-section-gap", use: "Space between the sections of a page (3–4 rem)" },
  { name: "--pd-radius-control", use: "Buttons, inputs, menus (radius md)" },
  { name: "--pd-radius-card", use: "Cards and panels (radius lg)" },
  { name: "--pd-radius-pill", use: "Round buttons, pills" },
  { name: "--pd-shadow-card", use: "Cards (none in dark: surfaces step up instead)" },
  { name: "--pd-shadow-overlay", use: "Menus, popovers, the cookie card" },
];

const SURFACE_TOKENS: readonly { name: string; use: string; text?: string }[] = [
  { name: "--pd-surface", use: "Page background" },
  { name: "--pd-surface-muted", use: "Footer, auth pages, quiet bands" },
  { name: "--pd-surface-raised", use: "Cards on a muted band" },
  { name: "--pd-surface-brand", use: "Hero, highlighted band" },
  { name: "--pd-surface-inverse", use: "Announcement band", text: "var(--pd-on-inverse)" },
  { name: "--pd-brand-filled", use: "Primary buttons, the progress bar", text: "var(--pd-on-brand)" },
];

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={classes.section}>
      <Title order={2} id={id} mb="md">
        {title}
      </Title>
      {children}
    </section>
  );
}

const ratio = (fg: string, bg: string) => `${contrastRatio(fg, bg).toFixed(2)}:1`;

function Swatch({ shade, color }: { shade: number; color: string }) {
  const onWhite = contrastRatio(WHITE, color);
  const onBlack = contrastRatio(BLACK, color);
  // The label takes whichever of white and black reads better; one of them always passes 4.5:1.
  const label = onWhite >= onBlack ? WHITE : BLACK;
  return (
    <li className={classes.swatch} style={{ background: color, color: label }}>
      <span className={classes.swatchName}>pedaali.{shade}</span>
      <span>{color}</span>
      <span>white {onWhite.toFixed(2)}:1</span>
      <span>black {onBlack.toFixed(2)}:1</span>
      {shade === 7 && <span className={classes.swatchNote}>primary</span>}
    </li>
  );
}

function TypeScale() {
  const theme = useMantineTheme();
  const sizes = theme.headings.sizes;
  return (
    <Table verticalSpacing="sm">
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Token</Table.Th>
          <Table.Th scope="col">Sample</Table.Th>
          <Table.Th scope="col">Size / line height / weight</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {HEADING_ORDERS.map((h) => (
          <Table.Tr key={h}>
            <Table.Td>
              <code>{h}</code>
            </Table.Td>
            <Table.Td>
              {/* A paragraph in the heading's style, so the page keeps one h1 and an orderly outline. */}
              <p
                className={classes.typeSample}
                style={{
                  fontSize: `var(--mantine-${h}-font-size)`,
                  lineHeight: `var(--mantine-${h}-line-height)`,
                  fontWeight: `var(--mantine-${h}-font-weight)`,
                }}
              >
                Pyöräetu helposti
              </p>
            </Table.Td>
            <Table.Td>
              <code>{sizes[h].fontSize}</code> / {sizes[h].lineHeight} / {sizes[h].fontWeight}
            </Table.Td>
          </Table.Tr>
        ))}
        {TEXT_SIZES.map((size) => (
          <Table.Tr key={size}>
            <Table.Td>
              <code>text {size}</code>
            </Table.Td>
            <Table.Td>
              <Text size={size}>Pyöräetu helposti – body text {size}</Text>
            </Table.Td>
            <Table.Td>
              <code>{theme.fontSizes[size]}</code> / {theme.lineHeights[size]} / 400
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

// No horizontal scroll container: on a phone the columns wrap and the hex codes step aside.
function ContrastTable() {
  return (
    <Table verticalSpacing="xs" horizontalSpacing={6}>
      <Table.Caption>
        Every pair is checked by src/web/app/palette-contrast.test.ts; AA asks 4.5:1 of text and 3:1 of focus
        rings.
      </Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Scheme</Table.Th>
          <Table.Th scope="col">Use</Table.Th>
          <Table.Th scope="col">Sample</Table.Th>
          <Table.Th scope="col" className={classes.wideOnly}>
            Colours
          </Table.Th>
          <Table.Th scope="col">Ratio</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {CONTRAST_PAIRS.map((pair) => (
          <Table.Tr key={`${pair.scheme}:${pair.use}`}>
            <Table.Td>{pair.scheme}</Table.Td>
            <Table.Td>{pair.use}</Table.Td>
            <Table.Td>
              <span className={classes.pairSample} style={{ color: pair.fg, background: pair.bg }}>
                Åä 12 €
              </span>
            </Table.Td>
            <Table.Td className={classes.wideOnly}>
              <code>{pair.fg}</code> on <code>{pair.bg}</code>
            </Table.Td>
            <Table.Td>
              <strong>{ratio(pair.fg, pair.bg)}</strong>
              <span className={classes.minimum}>min {pair.min}</span>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function TokenTable({ tokens }: { tokens: readonly { name: string; use: string }[] }) {
  return (
    <Table verticalSpacing="xs">
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Variable</Table.Th>
          <Table.Th scope="col">Use</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {tokens.map((token) => (
          <Table.Tr key={token.name}>
            <Table.Td>
              <code>{token.name}</code>
            </Table.Td>
            <Table.Td>{token.use}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** /dev/design: the identity (typeface, type scale, palette, tokens, controls) and the components. */
export function DesignPage() {
  const theme = useMantineTheme();
  usePageTitle("Design reference");
  return (
    <Container size="lg" py="xl" lang="en">
      <div className={classes.intro}>
        <Title order={1}>Design reference</Title>
        <Text mt="sm" c="dimmed">
          Pedaali's identity and design system as the theme renders them, in the current colour scheme (switch
          it in the header). Described in docs/design.md; this page is not served in production.
        </Text>
      </div>

      <Section id="design-typeface" title="Typeface">
        <Text className={classes.measure}>
          Inter Variable, served from our own origin: one 48 KB woff2 with every weight from 100 to 900, Latin
          subset (ä ö å Ä Ö Å, €, dashes and quotes), preloaded, <code>font-display: swap</code>. Tables use
          tabular figures.
        </Text>
        <Stack gap="xs" mt="md">
          {WEIGHTS.map((weight) => (
            <Text key={weight} size="lg" fw={weight}>
              {weight}: {FINNISH_SAMPLE}
            </Text>
          ))}
        </Stack>
      </Section>

      <Section id="design-type-scale" title="Type scale">
        <TypeScale />
      </Section>

      <Section id="design-palette" title="Palette">
        <Text className={classes.measure}>
          The brand green <code>pedaali</code>, shade 7 as the primary in both schemes. Each swatch gives its
          contrast with white and with black text.
        </Text>
        <ul className={classes.swatches} aria-label="pedaali shades">
          {pedaaliGreen.map((color, shade) => (
            <Swatch key={color} shade={shade} color={color} />
          ))}
        </ul>
        <Title order={3} mt="xl" mb="sm">
          Contrast of the pairs in use
        </Title>
        <ContrastTable />
      </Section>

      <Section id="design-tokens" title="Tokens">
        <Title order={3} mb="sm">
          Surfaces (follow the colour scheme)
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
          {SURFACE_TOKENS.map((token) => (
            <div
              key={token.name}
              className={classes.surface}
              style={{ background: `var(${token.name})`, color: token.text ?? "var(--pd-text)" }}
            >
              <code className={classes.plainCode}>{token.name}</code>
              <span>{token.use}</span>
            </div>
          ))}
        </SimpleGrid>

        <Title order={3} mt="xl" mb="sm">
          Layout, radius and shadow
        </Title>
        <TokenTable tokens={LAYOUT_TOKENS} />

        <Title order={3} mt="xl" mb="sm">
          Spacing
        </Title>
        <ul className={classes.scaleList}>
          {SPACINGS.map((size) => (
            <li key={size} className={classes.scaleRow}>
              <code>spacing {size}</code>
              <span className={classes.scaleValue}>{theme.spacing[size]}</span>
              <span className={classes.spacingBar} style={{ width: `var(--mantine-spacing-${size})` }} />
            </li>
          ))}
        </ul>

        <Title order={3} mt="xl" mb="sm">
          Radius
        </Title>
        <ul className={classes.radii}>
          {RADII.map((size) => (
            <li
              key={size}
              className={classes.radius}
              style={{ borderRadius: `var(--mantine-radius-${size})` }}
            >
              <code className={classes.plainCode}>radius {size}</code>
              <span>{theme.radius[size]}</span>
            </li>
          ))}
        </ul>
      </Section>

      <Section id="design-controls" title="Controls in the brand">
        <Group gap="sm">
          <Button>Filled</Button>
          <Button variant="light">Light</Button>
          <Button variant="outline">Outline</Button>
          <Button variant="subtle">Subtle</Button>
          <Button variant="default">Default</Button>
          <Button color="red">Delete</Button>
          <Button disabled>Disabled</Button>
          <Button loading>Saving</Button>
        </Group>
        <Group gap="sm" mt="md">
          <Badge>Brand</Badge>
          <Badge variant="light">Light</Badge>
          <Badge variant="outline">Outline</Badge>
          <Anchor href="#design-controls">A link in the brand colour</Anchor>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" mt="lg" className={classes.form}>
          <TextInput label="Work e-mail" description="The address your employer knows you by" required />
          <TextInput label="Phone number" defaultValue="050 123" error="Check the phone number" />
          <NativeSelect label="Lease time" data={["24 months", "36 months", "48 months"]} />
          <Textarea label="Message" description="At most 2,000 characters" rows={3} />
          <Checkbox label="I accept the terms of the benefit" />
          <Switch label="Send me e-mail about my order" defaultChecked />
        </SimpleGrid>
        <Alert mt="lg" title="Light alert" className={classes.measure}>
          A light-variant message: pedaali.9 on pedaali.1 in light, pedaali.0 on the dark brand surface in
          dark.
        </Alert>
      </Section>

      <Section id="design-components" title="Components">
        <ComponentDemos />
      </Section>
    </Container>
  );
}
