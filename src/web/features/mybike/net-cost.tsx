import { Alert, Anchor, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { calculatorApi, type TCalculatorMyTerms } from "../../../contract/calculator.ts";
import {
  CalculatorInputError,
  calculateBenefit,
  EXAMPLE_MONTHLY_SALARY,
} from "../../../domain/calculator/calculate.ts";
import { buildPath } from "../../../domain/routes.ts";
import { municipalityName } from "../../../domain/tax/municipality-search.ts";
import { type Church, calculationYear, type MunicipalRate } from "../../../domain/tax/tax-year.ts";
import { AppLink } from "../../components/app-link.tsx";
import {
  ChurchSelect,
  chosenMunicipality,
  MunicipalityPicker,
} from "../../components/municipality-picker.tsx";
import { currentLanguage } from "../../i18n/i18n.ts";
import { useEndpointQuery } from "../../lib/endpoint-client.ts";
import { formatWholeEuros } from "../../lib/formatters.ts";
import { money } from "../../lib/money.ts";
import {
  type OwnMunicipality,
  useOwnMunicipality,
  useRememberMunicipality,
} from "../../lib/own-municipality.ts";

/**
 * What a bike at the max price takes from the employee's net pay, worked out by the calculator's own
 * function with their municipality's and parish's rates (remembered on their own details), never an
 * average: without them the section asks for them with the picker, and keeps the choice on the details.
 * The salary is the calculator's example one, said in the sentence; the calculator takes their own.
 */
export function NetCost({
  priceCents,
  months,
  terms,
}: {
  priceCents: number;
  months: number;
  terms: TCalculatorMyTerms;
}) {
  const { t } = useTranslation();
  const own = useOwnMunicipality();
  const parameters = useEndpointQuery(
    calculatorApi.parameters,
    {},
    // The estimate above stands without it; the calculator link stays.
    { staleTime: 5 * 60_000, meta: { silent: true } },
  );
  if (!own || !parameters.data) return null;
  const { data } = parameters;
  const year = calculationYear(
    data.today,
    data.taxYears.map((y) => y.year),
  );
  const rate = chosenMunicipality(data.municipalities, year, own.municipalityCode);
  if (!rate || own.church === null) {
    return <ChooseMunicipality own={own} municipalities={data.municipalities} year={year} />;
  }
  if (rate.aland) {
    return (
      <Alert color="yellow" variant="light">
        {t("errors.ALAND_NOT_CALCULATED")}
      </Alert>
    );
  }
  let reduction: number;
  try {
    reduction = calculateBenefit(
      { ...data, leaseTerms: terms.leaseTerms },
      {
        year,
        bikePrice: priceCents / 100,
        accessoriesPrice: 0,
        leaseTimeMonths: months,
        monthlyGrossSalary: EXAMPLE_MONTHLY_SALARY,
        municipality: own.municipalityCode ?? undefined,
        church: own.church,
      },
    ).monthlyNetPayReduction;
  } catch (error) {
    if (!(error instanceof CalculatorInputError)) throw error;
    return (
      <Alert color="yellow" variant="light">
        {t(`errors.${error.code}`)}
      </Alert>
    );
  }
  const lng = currentLanguage();
  const churches: Record<Church, string> = {
    NONE: t("municipalityPicker.churches.NONE"),
    EVANGELICAL_LUTHERAN: t("municipalityPicker.churches.EVANGELICAL_LUTHERAN"),
    ORTHODOX: t("municipalityPicker.churches.ORTHODOX"),
  };
  return (
    <Stack gap={4}>
      <Text data-testid="benefit-net-cost">
        {t("myBike.benefit.netCost", {
          amount: money(Math.round(reduction * 100)),
          municipality: municipalityName(rate, lng),
          church: churches[own.church],
          salary: formatWholeEuros(EXAMPLE_MONTHLY_SALARY, lng),
        })}
      </Text>
      <Anchor component={AppLink} to={buildPath("ownDetails")} size="sm">
        {t("myBike.benefit.changeMunicipality")}
      </Anchor>
    </Stack>
  );
}

/**
 * The picker and the church choice, saved on the own details as soon as each is chosen: this is the
 * person's own page, and what they choose here is where they live, not a trial as on the calculator.
 */
function ChooseMunicipality({
  own,
  municipalities,
  year,
}: {
  own: OwnMunicipality;
  municipalities: readonly MunicipalRate[];
  year: number;
}) {
  const { t } = useTranslation();
  const remember = useRememberMunicipality();
  const [municipality, setMunicipality] = useState(own.municipalityCode);
  const [church, setChurch] = useState<Church | null>(own.church);
  const save = (code: string | null, chosenChurch: Church | null) =>
    remember.mutate({ municipalityCode: code, church: chosenChurch });
  return (
    <Stack gap="sm">
      <Text size="sm">{t("myBike.benefit.chooseMunicipality")}</Text>
      <MunicipalityPicker
        municipalities={municipalities}
        year={year}
        value={municipality}
        onChange={(code) => {
          setMunicipality(code);
          save(code, church);
        }}
        disabled={remember.isPending}
      />
      <ChurchSelect
        rate={chosenMunicipality(municipalities, year, municipality)}
        value={church}
        onChange={(chosen) => {
          setChurch(chosen);
          save(municipality, chosen);
        }}
        disabled={remember.isPending}
      />
    </Stack>
  );
}
