import { zodResolver } from '@hookform/resolvers/zod';
import { type ContactForm, type ContactFormInput, ContactFormSchema, routes } from '@lc/contract';
import { Anchor, Button, Container, Grid, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMounted } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { getOpenTourSlots, postContact } from '../../api/contact.ts';
import { site } from '../../content/site.ts';
import { LazyMap } from '../../features/contact/lazy-map.tsx';
import { TourTimeField, tourWhen } from '../../features/contact/tour-time-field.tsx';
import { CheckboxField, TextareaField, TextField } from '../../features/forms/fields.tsx';
import { notifyError } from '../../features/forms/notify.ts';
import { useSubmit } from '../../features/forms/use-submit.tsx';
import { localPath } from '../../layout/in-language';
import { usePageTitle } from '../../layout/use-page-title.ts';

const EMPTY: ContactFormInput = {
  firstName: '',
  lastName: '',
  email: '',
  phoneNumber: '',
  childName: '',
  childBirthdate: '',
  previousAttendance: false,
  referred: '',
  tourSlotId: null,
  message: '',
};

/** The order the fields appear in, so the first server error found is the first one on screen. */
const FIELD_ORDER = [
  'firstName',
  'lastName',
  'email',
  'phoneNumber',
  'childName',
  'childBirthdate',
  'previousAttendance',
  'referred',
  'tourSlotId',
  'message',
] as const;

/** The page's words per variant: message keys under "contact" in `i18n/locales`. */
const COPY = {
  contact: {
    title: 'contact.title',
    intro: 'contact.intro',
    submit: 'contact.submit',
    success: 'contact.success',
    messageDescription: undefined,
  },
  tour: {
    title: 'contact.tourTitle',
    intro: 'contact.tourIntro',
    submit: 'contact.tourSubmit',
    success: 'contact.tourSuccess',
    messageDescription: 'contact.tourMessageDescription',
  },
} as const;

/**
 * /contact and /contact-us; `?tour=true` is the schedule-a-tour variant (spec §2), which also offers the
 * published tour times (decision 028): a chosen time is booked with the request, and the confirmation names
 * it; a time taken meanwhile is told by the field and the list is read again. Posts to POST /api/Contact.
 */
export default function ContactPage() {
  const [searchParams] = useSearchParams();
  const isTour = searchParams.get('tour') === 'true';
  const keys = isTour ? COPY.tour : COPY.contact;
  const { t, i18n } = useTranslation();
  const copy = {
    title: t(keys.title),
    intro: t(keys.intro),
    submit: t(keys.submit),
    success: t(keys.success),
    messageDescription: keys.messageDescription ? t(keys.messageDescription) : undefined,
  };
  usePageTitle(copy.title);

  const hydrated = useMounted();
  const form = useForm<ContactFormInput, unknown, ContactForm>({
    resolver: zodResolver(ContactFormSchema),
    mode: 'onTouched',
    defaultValues: EMPTY,
  });
  const slots = useQuery({
    queryKey: ['contact', 'tour-slots'],
    queryFn: ({ signal }) => getOpenTourSlots(signal),
    enabled: isTour,
  });
  const locale = i18n.language === 'es' ? 'es-US' : 'en-US';
  const bookedMessage = (tourSlotId: string | null | undefined) => {
    const slot = slots.data?.items.find((s) => s.id === tourSlotId);
    return slot && slots.data
      ? t('contact.tourBooked', { when: tourWhen(slot, slots.data.timeZone, locale) })
      : copy.success;
  };
  const { onSubmit, submitting } = useSubmit(form, {
    // The page's language goes along: the center's reply is written in it (issue 14).
    action: (values) =>
      postContact({ ...values, tour: isTour, language: i18n.language === 'es' ? 'es' : 'en' }),
    fields: FIELD_ORDER,
    success: (_, values) => (isTour ? bookedMessage(values.tourSlotId) : copy.success),
    onSuccess: () => {
      form.reset(EMPTY);
      if (isTour) void slots.refetch();
    },
    // A time just taken by another family (409 by the field): offer the times still free.
    onFailure: () => {
      if (isTour) void slots.refetch();
    },
    // The page has no alert: a failure no field explains is a toast with the center's address.
    alert: () => {
      notifyError(t('contact.sendFailed', { email: site.email }), t('contact.sendFailedTitle'));
      return null;
    },
  });

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Stack gap="xs">
          <Title order={1}>{copy.title}</Title>
          <Text size="lg" maw={720}>
            {copy.intro}
          </Text>
          <Text>
            {isTour ? (
              <Trans
                i18nKey="contact.justAQuestion"
                components={{
                  contact: <Anchor component={Link} to={localPath(routes.contact)} underline="always" />,
                }}
              />
            ) : (
              <Trans
                i18nKey="contact.wantToVisit"
                components={{
                  tour: <Anchor component={Link} to={localPath(routes.tour)} underline="always" />,
                }}
              />
            )}
          </Text>
        </Stack>

        <Grid gutter="xl">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
              <form onSubmit={onSubmit} noValidate aria-label={copy.title}>
                <Stack gap="md">
                  <SimpleGrid cols={{ base: 1, sm: 2 }}>
                    <TextField
                      form={form}
                      name="firstName"
                      label={t('contact.firstName')}
                      autoComplete="given-name"
                      required
                    />
                    <TextField
                      form={form}
                      name="lastName"
                      label={t('contact.lastName')}
                      autoComplete="family-name"
                      required
                    />
                  </SimpleGrid>
                  <SimpleGrid cols={{ base: 1, sm: 2 }}>
                    <TextField
                      form={form}
                      name="email"
                      label={t('contact.email')}
                      type="email"
                      autoComplete="email"
                      required
                    />
                    <TextField
                      form={form}
                      name="phoneNumber"
                      label={t('contact.phoneNumber')}
                      type="tel"
                      autoComplete="tel"
                    />
                  </SimpleGrid>
                  <SimpleGrid cols={{ base: 1, sm: 2 }}>
                    <TextField
                      form={form}
                      name="childName"
                      label={t('contact.childName')}
                      autoComplete="off"
                    />
                    <TextField
                      form={form}
                      name="childBirthdate"
                      label={t('contact.childBirthdate')}
                      type="date"
                    />
                  </SimpleGrid>
                  <CheckboxField
                    form={form}
                    name="previousAttendance"
                    label={t('contact.previousAttendance')}
                  />
                  <TextField form={form} name="referred" label={t('contact.referred')} />
                  {isTour ? (
                    <TourTimeField
                      form={form}
                      slots={slots.data}
                      loading={slots.isPending}
                      failed={slots.isError}
                    />
                  ) : null}
                  <TextareaField
                    form={form}
                    name="message"
                    label={t('contact.message')}
                    description={copy.messageDescription}
                    required
                    autosize
                    minRows={4}
                    maxRows={12}
                  />
                  <Button
                    type="submit"
                    loading={submitting}
                    // Server-rendered: until this page's code has run, a click would submit the bare form.
                    disabled={submitting || !hydrated}
                    size="md"
                    w={{ base: '100%', sm: 'auto' }}
                  >
                    {copy.submit}
                  </Button>
                </Stack>
              </form>
            </Paper>
          </Grid.Col>

          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack gap="lg" component="section" aria-labelledby="visit-heading">
              <Title order={2} fz="h3" id="visit-heading">
                {t('contact.visitHeading')}
              </Title>
              <Stack gap="sm">
                <div>
                  <Text fw={600}>{t('contact.emailHeading')}</Text>
                  <Anchor href={`mailto:${site.email}`}>{site.email}</Anchor>
                </div>
                <div>
                  <Text fw={600}>{t('contact.phoneHeading')}</Text>
                  <Anchor href={site.phoneHref}>{site.phone}</Anchor>
                </div>
                <div>
                  <Text fw={600}>{t('contact.addressHeading')}</Text>
                  <Text component="address" style={{ fontStyle: 'normal' }}>
                    {site.address.street}
                    <br />
                    {site.address.city}, {site.address.state} {site.address.zip}
                  </Text>
                </div>
                <div>
                  <Text fw={600}>{t('contact.hoursHeading')}</Text>
                  <Text>{t('centerInfo.hours')}</Text>
                </div>
              </Stack>
              <LazyMap
                embedUrl={site.mapEmbedUrl}
                linkUrl={site.mapLinkUrl}
                title={t('contact.mapTitle', {
                  name: site.name,
                  street: site.address.street,
                  city: site.address.city,
                })}
              />
            </Stack>
          </Grid.Col>
        </Grid>
      </Stack>
    </Container>
  );
}
