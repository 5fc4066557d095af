import { Alert, Button, Group, Loader, Stack } from "@mantine/core";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { calculatorApi, type TCalculatorParameters } from "../../../contract/calculator.ts";
import { type Church, calculationYear } from "../../../domain/tax/tax-year.ts";
import {
  ChurchSelect,
  chosenMunicipality,
  MunicipalityPicker,
} from "../../components/municipality-picker.tsx";
import { useEndpointQuery } from "../../lib/endpoint-client.ts";
import { useRememberMunicipality } from "../../lib/own-municipality.ts";
import type { SessionUser } from "../../lib/session.ts";
import { Feedback, Section } from "./own-details-parts.tsx";

/**
 * The municipality of residence and church on the own details (PUT /api/user/municipality), chosen
 * from the year's municipalities as the calculator lists them: the calculator and /mybike work out the
 * person's net pay with them.
 */
export function MunicipalityAndChurch({ user }: { user: SessionUser }) {
  const { t } = useTranslation();
  const id = useId();
  const parameters = useEndpointQuery(
    calculatorApi.parameters,
    {},
    // The section says itself when the list cannot be read.
    { staleTime: 5 * 60_000, meta: { silent: true } },
  );
  return (
    <Section
      titleId={`${id}-title`}
      title={t("ownDetails.municipalityTitle")}
      intro={t("ownDetails.municipalityIntro")}
    >
      {parameters.isPending && <Loader size="sm" role="status" aria-label={t("ds.table.loading")} />}
      {parameters.isError && (
        <Alert color="red" variant="light" role="alert">
          {t("calculator.unavailable")}
        </Alert>
      )}
      {parameters.data && <MunicipalityForm user={user} parameters={parameters.data} />}
    </Section>
  );
}

function MunicipalityForm({ user, parameters }: { user: SessionUser; parameters: TCalculatorParameters }) {
  const { t } = useTranslation();
  const [municipality, setMunicipality] = useState(user.municipalityCode);
  const [church, setChurch] = useState<Church | null>(user.church);
  const save = useRememberMunicipality({ silent: true });
  const dirty = municipality !== user.municipalityCode || church !== user.church;
  // The year the calculator opens with, whose list the server checks the code against.
  const year = calculationYear(
    parameters.today,
    parameters.taxYears.map((y) => y.year),
  );
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate({ municipalityCode: municipality, church });
      }}
    >
      <Stack gap="md">
        <MunicipalityPicker
          municipalities={parameters.municipalities}
          year={year}
          value={municipality}
          onChange={setMunicipality}
        />
        <ChurchSelect
          rate={chosenMunicipality(parameters.municipalities, year, municipality)}
          value={church}
          onChange={setChurch}
        />
        <Feedback error={save.error} saved={save.isSuccess && !dirty} />
        <Group>
          <Button type="submit" loading={save.isPending}>
            {t("ownDetails.saveMunicipality")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
