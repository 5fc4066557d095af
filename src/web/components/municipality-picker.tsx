import { type ComboboxItem, type OptionsFilter, Select, Stack, Text } from "@mantine/core";
import { type ReactNode, useMemo } from "react";
import { useTranslation } from "react-i18next";
import {
  municipalitiesInOrder,
  municipalitiesOfYear,
  municipalityMatches,
  municipalityOtherName,
  searchFolded,
} from "../../domain/tax/municipality-search.ts";
import { CHURCHES, type Church, type MunicipalRate } from "../../domain/tax/tax-year.ts";
import { isLanguage } from "../i18n/i18n.ts";
import { formatPercent } from "../lib/formatters.ts";

/**
 * The one way a person names their municipality of residence and church (/laskuri, /kayttaja, /mybike):
 * every municipality of the year, named in the interface language (Swedish names in Swedish) and found
 * by either name whatever the language, case and accents aside, each with its municipal tax rate.
 * Åland's municipalities are listed, saying that they are not calculated yet: choosing one is where the
 * person lives, and the calculator then says so at the field, never giving mainland figures instead.
 */

/** A municipality's value in the picker: its code, or its name for a row an admin made without one. */
export function municipalityValue(rate: MunicipalRate): string {
  return rate.code ?? rate.municipality;
}

function useLanguage() {
  const { i18n } = useTranslation();
  return isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : "fi";
}

type MunicipalityPickerProps = {
  /** Every year's rates, as GET /api/calculator/parameters gives them. */
  municipalities: readonly MunicipalRate[];
  year: number;
  /** The chosen municipality's value (municipalityValue), null for none. */
  value: string | null;
  onChange: (value: string | null) => void;
  description?: ReactNode;
  error?: ReactNode;
  required?: boolean;
  disabled?: boolean;
};

export function MunicipalityPicker({
  municipalities,
  year,
  value,
  onChange,
  description,
  error,
  required,
  disabled,
}: MunicipalityPickerProps) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const { data, byValue } = useMemo(() => {
    const rows = municipalitiesInOrder(municipalitiesOfYear(municipalities, year), lng);
    const byValue = new Map(rows.map(({ rate }) => [municipalityValue(rate), rate]));
    const data: ComboboxItem[] = rows.map(({ rate, name }) => ({
      value: municipalityValue(rate),
      label: `${name} – ${rate.aland ? t("municipalityPicker.alandNotCalculated") : formatPercent(rate.municipalPercent, lng)}`,
    }));
    return { data, byValue };
  }, [municipalities, year, lng, t]);

  // Either name, whatever the interface language, accents and case aside.
  const filter: OptionsFilter = ({ options, search }) => {
    const folded = searchFolded(search);
    return options.filter((option) => {
      const rate = "value" in option ? byValue.get(option.value) : undefined;
      return rate !== undefined && municipalityMatches(rate, folded);
    });
  };

  return (
    <Select
      label={t("municipalityPicker.municipality")}
      description={description}
      placeholder={t("municipalityPicker.placeholder")}
      data={data}
      value={value !== null && byValue.has(value) ? value : null}
      onChange={(chosen) => onChange(chosen)}
      searchable
      filter={filter}
      required={required}
      disabled={disabled}
      error={error}
      nothingFoundMessage={t("municipalityPicker.notFound")}
      allowDeselect={false}
      maxDropdownHeight={320}
      renderOption={({ option }) => {
        const rate = byValue.get(option.value);
        const other = rate ? municipalityOtherName(rate, lng) : null;
        return (
          <Stack gap={0}>
            <Text size="sm">{option.label}</Text>
            {other && (
              <Text size="xs" c="dimmed">
                {other}
              </Text>
            )}
          </Stack>
        );
      }}
    />
  );
}

type ChurchSelectProps = {
  /** The chosen municipality's rates, for each parish's rate; null while none is chosen. */
  rate: MunicipalRate | null;
  value: Church | null;
  onChange: (church: Church) => void;
  error?: ReactNode;
  disabled?: boolean;
};

/** None, Evangelical Lutheran or Orthodox, each church with its parish's rate in the chosen municipality. */
export function ChurchSelect({ rate, value, onChange, error, disabled }: ChurchSelectProps) {
  const { t } = useTranslation();
  const lng = useLanguage();
  const names: Record<Church, string> = {
    NONE: t("municipalityPicker.churches.NONE"),
    EVANGELICAL_LUTHERAN: t("municipalityPicker.churches.EVANGELICAL_LUTHERAN"),
    ORTHODOX: t("municipalityPicker.churches.ORTHODOX"),
  };
  const parishRate = (church: Church): number | null =>
    !rate || rate.aland
      ? null
      : church === "EVANGELICAL_LUTHERAN"
        ? rate.churchPercent
        : church === "ORTHODOX"
          ? rate.orthodoxPercent
          : null;
  const data = CHURCHES.map((church) => {
    const percent = parishRate(church);
    return {
      value: church,
      label: percent === null ? names[church] : `${names[church]} – ${formatPercent(percent, lng)}`,
    };
  });
  return (
    <Select
      label={t("municipalityPicker.church")}
      description={t("municipalityPicker.churchHelp")}
      placeholder={t("municipalityPicker.churchPlaceholder")}
      data={data}
      value={value}
      onChange={(chosen) => {
        if (chosen) onChange(chosen as Church);
      }}
      allowDeselect={false}
      error={error}
      disabled={disabled}
    />
  );
}

/** The chosen municipality's rates for the year (by its picker value), null when none is chosen. */
export function chosenMunicipality(
  municipalities: readonly MunicipalRate[],
  year: number,
  value: string | null,
): MunicipalRate | null {
  if (value === null) return null;
  return municipalitiesOfYear(municipalities, year).find((rate) => municipalityValue(rate) === value) ?? null;
}
