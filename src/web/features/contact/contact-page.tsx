import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Container,
  Grid,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { useMutation } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import {
  contactFormsApi,
  type TContactFormRequest,
  zContactFormRequest,
} from "../../../contract/contact-forms.ts";
import {
  CONTACT_MESSAGE_MAX,
  CONTACT_MESSAGE_MIN,
  CONTACT_TOPICS,
  type ContactTopic,
  isContactTopic,
} from "../../../domain/contact-forms.ts";
import { buildPath } from "../../../domain/routes.ts";
import { normalizeEmail } from "../../../domain/validation/email.ts";
import { AppLink } from "../../components/app-link.tsx";
import { currentLanguage } from "../../i18n/i18n.ts";
import { ApiError } from "../../lib/api-client.ts";
import { CONTACT_DETAILS as C, telHref } from "../../lib/contact-details.ts";
import { useContractForm } from "../../lib/contract-form.ts";
import { callEndpoint } from "../../lib/endpoint-client.ts";
import { fieldRules, phoneAsSent } from "../../lib/field-rules.ts";
import { formErrorMessage } from "../../lib/form-errors.ts";
import { usePageTitle } from "../../lib/page-title.ts";
import classes from "./contact-page.module.css";

const INITIAL = {
  name: "",
  company: "",
  email: "",
  phoneNumber: "",
  topic: "" as ContactTopic | "",
  message: "",
  consent: false,
  website: "",
};

/** The request the values make; a phone number that does not read is sent as typed for the rules to refuse. */
function contactBody(values: typeof INITIAL) {
  const company = values.company.trim();
  const phone = values.phoneNumber.trim();
  const phoneNumber = phoneAsSent(phone);
  return {
    name: values.name.trim(),
    ...(company ? { company } : {}),
    email: normalizeEmail(values.email),
    ...(phone ? { phoneNumber } : {}),
    topic: values.topic,
    message: values.message.trim(),
    consent: values.consent,
    website: values.website,
    language: currentLanguage(),
  };
}

/** The topic labels, spelled out so that the catalogue check sees every key used. */
const TOPIC_LABELS: Record<ContactTopic, string> = {
  EMPLOYER: "contact.topics.EMPLOYER",
  EMPLOYEE: "contact.topics.EMPLOYEE",
  BIKE_STORE: "contact.topics.BIKE_STORE",
  PRESS: "contact.topics.PRESS",
  OTHER: "contact.topics.OTHER",
};

/**
 * The contact form of /ota-yhteytta (docs/product.md "Screens"): the same field rules as the server (docs/product.md "Field rules"), a
 * honeypot instead of a captcha, and the operator's contact details beside it (docs/product.md "Who uses it").
 * The helpdesk reads the messages in the admin's Contact Forms tab.
 */
export function ContactPage() {
  const { t } = useTranslation();
  usePageTitle(t("routes.contact.title"));
  const rules = fieldRules(t);
  const form = useContractForm({
    initialValues: INITIAL,
    schema: zContactFormRequest,
    toBody: contactBody,
    // The shared field rules (docs/product.md "Field rules") name the field in their words: an e-mail or a phone number.
    rules: {
      name: rules.required(),
      email: rules.email,
      phoneNumber: rules.optionalPhone,
      topic: (v) => (v && isContactTopic(v) ? null : t("contact.topicRequired")),
      message: rules.required((v) => {
        const length = v.trim().length;
        if (length < CONTACT_MESSAGE_MIN) return t("contact.messageTooShort", { min: CONTACT_MESSAGE_MIN });
        if (length > CONTACT_MESSAGE_MAX) return t("contact.messageTooLong", { max: CONTACT_MESSAGE_MAX });
        return null;
      }),
      consent: (v) => (v ? null : t("contact.consentRequired")),
    },
  });

  const send = useMutation({
    mutationFn: (body: TContactFormRequest) => callEndpoint(contactFormsApi.submit, { body }),
    meta: { silent: true },
    onError: (error) => {
      form.setServerErrors(error);
      if (error instanceof ApiError && error.code === "UNSUPPORTED_PHONE_NUMBER") {
        form.setFieldError("phoneNumber", t("errors.UNSUPPORTED_PHONE_NUMBER"));
      }
    },
  });

  function submit(values: typeof INITIAL) {
    if (!isContactTopic(values.topic)) return;
    send.mutate(contactBody(values) as TContactFormRequest);
  }

  const messageLength = form.values.message.trim().length;

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Title order={1}>{t("contact.title")}</Title>
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, md: 8 }}>
            {send.isSuccess ? (
              <Stack gap="md">
                <Alert color="pedaali" variant="light" title={t("contact.doneTitle")} role="status">
                  {t("contact.doneText")}
                </Alert>
                <Anchor component={AppLink} to={buildPath("home")}>
                  {t("contact.backHome")}
                </Anchor>
              </Stack>
            ) : (
              <form onSubmit={form.onSubmit(submit)} noValidate aria-label={t("contact.formLabel")}>
                <Stack gap="md">
                  <Text>{t("contact.intro")}</Text>
                  <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                    <TextInput
                      label={t("contact.name")}
                      autoComplete="name"
                      required
                      {...form.getInputProps("name")}
                    />
                    <TextInput
                      label={t("contact.company")}
                      autoComplete="organization"
                      {...form.getInputProps("company")}
                    />
                  </SimpleGrid>
                  <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                    <TextInput
                      label={t("forms.email")}
                      type="email"
                      autoComplete="email"
                      required
                      {...form.getInputProps("email")}
                    />
                    <TextInput
                      label={t("contact.phone")}
                      description={t("forms.phoneHint")}
                      type="tel"
                      autoComplete="tel"
                      {...form.getInputProps("phoneNumber")}
                    />
                  </SimpleGrid>
                  <NativeSelect
                    label={t("contact.topic")}
                    required
                    data={[
                      { value: "", label: t("contact.topicPlaceholder") },
                      ...CONTACT_TOPICS.map((topic) => ({ value: topic, label: t(TOPIC_LABELS[topic]) })),
                    ]}
                    {...form.getInputProps("topic")}
                  />
                  <Textarea
                    label={t("contact.message")}
                    description={t("contact.messageHint", {
                      count: messageLength,
                      min: CONTACT_MESSAGE_MIN,
                      max: CONTACT_MESSAGE_MAX,
                    })}
                    required
                    rows={7}
                    {...form.getInputProps("message")}
                  />
                  <div className={classes.trap} aria-hidden="true">
                    <label htmlFor="contact-website">{t("contact.honeypot")}</label>
                    <input
                      id="contact-website"
                      name="website"
                      type="text"
                      tabIndex={-1}
                      autoComplete="off"
                      value={form.values.website}
                      onChange={(event) => form.setFieldValue("website", event.currentTarget.value)}
                    />
                  </div>
                  <Checkbox
                    label={
                      <>
                        {t("contact.consent")}{" "}
                        <Anchor
                          component={AppLink}
                          to={buildPath("privacyPolicy")}
                          target="_blank"
                          inherit
                          underline="always"
                        >
                          {t("contact.privacyPolicy")}
                        </Anchor>
                      </>
                    }
                    required
                    {...form.getInputProps("consent", { type: "checkbox" })}
                  />
                  {send.isError && (
                    <Alert color="red" variant="light" title={t("forms.errorTitle")}>
                      {formErrorMessage(send.error, t)}
                    </Alert>
                  )}
                  <div>
                    <Button type="submit" loading={send.isPending}>
                      {t("contact.submit")}
                    </Button>
                  </div>
                </Stack>
              </form>
            )}
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Paper withBorder p="lg" radius="md" component="section" aria-labelledby="contact-details">
              <Title order={2} size="h4" id="contact-details" mb="sm">
                {t("footer.contactHeading")}
              </Title>
              <dl className={classes.list}>
                <div>
                  <dt>{t("footer.email")}</dt>
                  <dd>
                    <Anchor href={`mailto:${C.email}`}>{C.email}</Anchor>
                  </dd>
                </div>
                <div>
                  <dt>{t("footer.phone")}</dt>
                  <dd>
                    <Anchor href={telHref(C.phone)}>{C.phone}</Anchor>
                  </dd>
                </div>
                <div>
                  <dt>{t("footer.openingHours")}</dt>
                  <dd>{t("footer.openingHoursValue", { hours: C.openingHours })}</dd>
                </div>
                <div>
                  <dt>{t("footer.address")}</dt>
                  <dd>
                    {C.company}
                    <br />
                    {C.streetAddress}, {C.postalAddress}
                  </dd>
                </div>
                <div>
                  <dt>{t("footer.businessId")}</dt>
                  <dd>{C.businessId}</dd>
                </div>
              </dl>
            </Paper>
          </Grid.Col>
        </Grid>
      </Stack>
    </Container>
  );
}
