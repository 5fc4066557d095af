import { Button, Group, Loader, Stack } from "@mantine/core";
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import {
  calculatorApi,
  type TCalculatorMyTerms,
  type TCalculatorParameters,
  type TCalculatorResult,
} from "../../../contract/calculator.ts";
import { AlertIcon } from "../../components/design-icons.tsx";
import { EmptyState } from "../../components/empty-state.tsx";
import { PageTemplate } from "../../components/page-template.tsx";
import { SectionCard } from "../../components/section-card.tsx";
import { useReplaceSearch } from "../../lib/address-search.ts";
import { useBelowFirstScreen } from "../../lib/below-first-screen.ts";
import { useEndpointQuery } from "../../lib/endpoint-client.ts";
import { type OwnMunicipality, useOwnMunicipality } from "../../lib/own-municipality.ts";
import { useSession } from "../../lib/session.ts";
import { BikeComparison } from "./bike-comparison.tsx";
import {
  type CalculatorFormState,
  defaultForm,
  formFromSearch,
  formToSearch,
  municipalityFieldValue,
  runCalculator,
} from "./calculator-form.ts";
import classes from "./calculator-page.module.css";

// The chart library is most of the page's weight: the figures come first, the chart when it is needed.
const loadCostChart = () => import("./cost-chart.tsx");
const CostChart = lazy(() => loadCostChart().then((m) => ({ default: m.CostChart })));

// Loads the shared pages chunk first, as the admin, employer and design pages do: otherwise the bundler
// splits the shell's modules out of the home page's entry (rolldown#10731, see app/lazy-pages.ts).
export { PlaceholderPage as SharedPagesChunk } from "../../app/lazy-pages.ts";

import { LeaseInputs, PersonInputs } from "./calculator-inputs.tsx";
import { HowWeCalculate, YearsCard } from "./calculator-notes.tsx";
import { ResultSummary } from "./result-summary.tsx";

/**
 * /laskuri: what a bike benefit really costs an employee, for their own salary and municipality, under
 * this year's or last year's tax rules, updated as they type, shareable as a link and printable.
 */
export function CalculatorPage() {
  const { t } = useTranslation();
  const parameters = useEndpointQuery(
    calculatorApi.parameters,
    {},
    {
      staleTime: 5 * 60_000,
      // The page says itself when the parameters cannot be fetched (the error state below).
      meta: { silent: true },
    },
  );
  const title = t("calculator.title");
  if (parameters.isPending) {
    return (
      <PageTemplate title={title} description={t("calculator.description")}>
        <Group justify="center" py="3xl">
          <Loader role="status" aria-label={t("ds.table.loading")} />
        </Group>
      </PageTemplate>
    );
  }
  if (parameters.isError) {
    return (
      <PageTemplate title={title} description={t("calculator.description")}>
        <SectionCard title={t("calculator.unavailableTitle")}>
          <EmptyState
            icon={<AlertIcon size={24} />}
            text={<span role="alert">{t("calculator.unavailable")}</span>}
            action={
              <Button variant="default" onClick={() => void parameters.refetch()}>
                {t("ds.table.retry")}
              </Button>
            }
          />
        </SectionCard>
      </PageTemplate>
    );
  }
  return <Calculator parameters={parameters.data} />;
}

/**
 * A logged-in employee's own terms (their company's billing table and max price), which replace the
 * default terms; anyone else, or an employee whose terms cannot be fetched, calculates with the defaults.
 */
function useOwnTerms(): TCalculatorMyTerms | null {
  const { accessUser } = useSession();
  const employee = accessUser?.roles.includes("BIKE_BENEFICIARY") === true;
  const own = useEndpointQuery(
    calculatorApi.myTerms,
    {},
    {
      enabled: employee,
      // Without own terms the page calculates with the published ones; nothing to tell the reader.
      meta: { silent: true },
      retry: false,
      staleTime: 5 * 60_000,
    },
  );
  return employee ? (own.data ?? null) : null;
}

/**
 * The form the page opens with when its address says nothing: a logged-in person's own municipality and
 * church (remembered on their details) over the defaults, so their figures are their own from the start.
 */
function useOpeningForm(defaults: CalculatorFormState, remembered: OwnMunicipality | null) {
  const code = remembered?.municipalityCode ?? null;
  const church = remembered?.church ?? null;
  return useMemo(
    () => ({ ...defaults, municipality: code ?? defaults.municipality, church: church ?? defaults.church }),
    [defaults, code, church],
  );
}

function Calculator({ parameters: published }: { parameters: TCalculatorParameters }) {
  const { t } = useTranslation();
  const own = useOwnTerms();
  const remembered = useOwnMunicipality();
  const parameters = useMemo(
    () => (own ? { ...published, leaseTerms: own.leaseTerms } : published),
    [published, own],
  );
  const defaults = useMemo(() => defaultForm(parameters), [parameters]);
  const opening = useOpeningForm(defaults, remembered);
  const [searchParams] = useSearchParams();
  const replaceSearch = useReplaceSearch();
  const [form, setForm] = useState(() => {
    const shared = formFromSearch(searchParams, opening);
    return { ...shared, municipality: municipalityFieldValue(parameters, shared.municipality, shared.year) };
  });
  const outcome = useMemo(() => runCalculator(parameters, form), [parameters, form]);

  // The person's own choice may arrive after the page opened (the session read, a save on another tab's
  // page): a municipality or church the reader has not changed here follows it.
  const openedWith = useRef(opening);
  useEffect(() => {
    const before = openedWith.current;
    openedWith.current = opening;
    setForm((current) => {
      const municipality =
        current.municipality === before.municipality ? opening.municipality : current.municipality;
      const church = current.church === before.church ? opening.church : current.church;
      return municipality === current.municipality && church === current.church
        ? current
        : { ...current, municipality, church };
    });
  }, [opening]);

  // The address follows the form (replacing, not adding, history entries), so the link can be shared;
  // never over a move to another page that the reader started meanwhile (see useReplaceSearch).
  useEffect(() => {
    const timer = setTimeout(
      () => replaceSearch(formToSearch(form, defaults, opening), { preventScrollReset: true }),
      300,
    );
    return () => clearTimeout(timer);
  }, [form, defaults, opening, replaceSearch]);

  const set = <K extends keyof CalculatorFormState>(key: K, value: CalculatorFormState[K]) =>
    setForm((current) => ({ ...current, [key]: value }));

  // A printout has the chart even when the reader never scrolled to it: the print waits for it.
  const [printWanted, setPrintWanted] = useState(false);
  const [chartShown, setChartShown] = useState(false);
  useEffect(() => {
    if (!printWanted || !chartShown) return;
    setPrintWanted(false);
    // The frame after the chart's first one, once the chart has drawn itself to its width.
    requestAnimationFrame(() => setTimeout(() => window.print()));
  }, [printWanted, chartShown]);
  const print = () => (outcome.result && !chartShown ? setPrintWanted(true) : window.print());
  // The chart, the years, the comparison and how it calculates come after the inputs and the answer.
  const belowShown = useBelowFirstScreen();

  return (
    <PageTemplate
      title={t("calculator.title")}
      description={t("calculator.description")}
      action={
        <Button variant="default" data-no-print loading={printWanted} onClick={print}>
          {t("calculator.print")}
        </Button>
      }
    >
      <div className={classes.layout}>
        <Stack gap="lg" className={classes.inputs}>
          <PersonInputs
            parameters={parameters}
            form={form}
            errors={outcome.errors}
            set={set}
            remembered={remembered}
          />
          <LeaseInputs
            parameters={parameters}
            form={form}
            errors={outcome.errors}
            result={outcome.result}
            own={own}
            set={set}
          />
        </Stack>
        <div className={classes.results}>
          <ResultSummary result={outcome.result} year={form.year} />
        </div>
      </div>
      {belowShown && outcome.result && (
        <Stack gap="lg" mt="lg">
          <ChartWhenNear result={outcome.result} now={printWanted} onShown={() => setChartShown(true)} />
          <YearsCard result={outcome.result} />
          <BikeComparison
            parameters={parameters}
            form={form}
            mainResult={outcome.result}
            onChange={(others) => set("others", others)}
          />
        </Stack>
      )}
      {belowShown && <HowWeCalculate parameters={parameters} form={form} />}
    </PageTemplate>
  );
}

/**
 * The cost chart, loaded when its place comes within a screen's height of the view (or `now`, for a
 * print): a phone whose reader never scrolls that far does not spend a second starting the chart library.
 */
function ChartWhenNear({
  result,
  now,
  onShown,
}: {
  result: TCalculatorResult;
  now: boolean;
  onShown: () => void;
}) {
  const { t } = useTranslation();
  const place = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = place.current;
    if (near || !element) return;
    if (now || typeof IntersectionObserver === "undefined") {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: "100% 0px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, now]);
  const loader = <Loader role="status" aria-label={t("ds.table.loading")} mx="auto" />;
  return (
    <div ref={place}>
      {near ? (
        <Suspense fallback={loader}>
          <CostChart result={result} onShown={onShown} />
        </Suspense>
      ) : (
        loader
      )}
    </div>
  );
}
