import { zodResolver } from '@hookform/resolvers/zod';
import { type ContactForm, type ContactFormInput, ContactFormSchema, routes } from '@lc/contract';
import {
  Anchor,
  Button,
  Checkbox,
  Container,
  Grid,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useMounted } from '@mantine/hooks';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { postContact } from '../../api/contact.ts';
import { site } from '../../content/site.ts';
import { LazyMap } from '../../features/contact/lazy-map.tsx';
import { notifyError, notifySuccess } from '../../features/forms/notify.ts';
import { useServerFieldErrors } from '../../features/forms/use-server-field-errors.ts';
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
  'message',
] as const;

const COPY = {
  contact: {
    title: 'Contact Us',
    intro:
      'Questions about our programs, enrollment or a visit? Send us a note and we will reply within one business day.',
    submit: 'Send message',
    success: 'Thank you! We received your message and will reply within one business day.',
    messageLabel: 'Message',
    messageDescription: undefined,
  },
  tour: {
    title: 'Schedule a Tour',
    intro:
      'Come see our classrooms, meet our teachers and ask anything you like. Tell us a little about your family and we will contact you to find a time that suits you.',
    submit: 'Request a tour',
    success: 'Thank you! We will be in touch within one business day to set up your tour.',
    messageLabel: 'Message',
    messageDescription: 'Which days and times work best for you? Anything we should know before your visit?',
  },
} as const;

/** /contact and /contact-us; `?tour=true` is the schedule-a-tour variant (spec §2). Posts to POST /api/Contact. */
export default function ContactPage() {
  const [searchParams] = useSearchParams();
  const isTour = searchParams.get('tour') === 'true';
  const copy = isTour ? COPY.tour : COPY.contact;
  usePageTitle(copy.title);

  const hydrated = useMounted();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ContactFormInput, unknown, ContactForm>({
    resolver: zodResolver(ContactFormSchema),
    mode: 'onTouched',
    defaultValues: EMPTY,
  });
  const showServerErrors = useServerFieldErrors(setError, FIELD_ORDER);

  const onSubmit = async (values: ContactForm) => {
    try {
      await postContact({ ...values, tour: isTour });
      notifySuccess(copy.success);
      reset(EMPTY);
    } catch (error) {
      if (!showServerErrors(error)) {
        notifyError(
          `Sorry, we could not send your message. Please try again, or email us at ${site.email}.`,
          'Message not sent',
        );
      }
    }
  };

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
              <>
                Just have a question?{' '}
                <Anchor component={Link} to={routes.contact} underline="always">
                  Send us a message instead
                </Anchor>
                .
              </>
            ) : (
              <>
                Would you like to visit?{' '}
                <Anchor component={Link} to={routes.tour} underline="always">
                  Schedule a tour
                </Anchor>
                .
              </>
            )}
          </Text>
        </Stack>

        <Grid gutter="xl">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }}>
              <form onSubmit={handleSubmit(onSubmit)} noValidate aria-label={copy.title}>
                <Stack gap="md">
                  <SimpleGrid cols={{ base: 1, sm: 2 }}>
                    <TextInput
                      label="First name"
                      autoComplete="given-name"
                      required
                      error={errors.firstName?.message}
                      {...register('firstName')}
                    />
                    <TextInput
                      label="Last name"
                      autoComplete="family-name"
                      required
                      error={errors.lastName?.message}
                      {...register('lastName')}
                    />
                  </SimpleGrid>
                  <SimpleGrid cols={{ base: 1, sm: 2 }}>
                    <TextInput
                      label="Email"
                      type="email"
                      autoComplete="email"
                      required
                      error={errors.email?.message}
                      {...register('email')}
                    />
                    <TextInput
                      label="Phone number (optional)"
                      type="tel"
                      autoComplete="tel"
                      error={errors.phoneNumber?.message}
                      {...register('phoneNumber')}
                    />
                  </SimpleGrid>
                  <SimpleGrid cols={{ base: 1, sm: 2 }}>
                    <TextInput
                      label="Child’s name (optional)"
                      autoComplete="off"
                      error={errors.childName?.message}
                      {...register('childName')}
                    />
                    <TextInput
                      label="Child’s birth date (optional)"
                      type="date"
                      error={errors.childBirthdate?.message}
                      {...register('childBirthdate')}
                    />
                  </SimpleGrid>
                  <Checkbox
                    label="My child has attended Bright Oak before"
                    error={errors.previousAttendance?.message}
                    {...register('previousAttendance')}
                  />
                  <TextInput
                    label="How did you hear about us? (optional)"
                    error={errors.referred?.message}
                    {...register('referred')}
                  />
                  <Textarea
                    label={copy.messageLabel}
                    description={copy.messageDescription}
                    required
                    autosize
                    minRows={4}
                    maxRows={12}
                    error={errors.message?.message}
                    {...register('message')}
                  />
                  <Button
                    type="submit"
                    loading={isSubmitting}
                    // Server-rendered: until this page's code has run, a click would submit the bare form.
                    disabled={isSubmitting || !hydrated}
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
                Visit or reach us
              </Title>
              <Stack gap="sm">
                <div>
                  <Text fw={600}>Email</Text>
                  <Anchor href={`mailto:${site.email}`}>{site.email}</Anchor>
                </div>
                <div>
                  <Text fw={600}>Phone</Text>
                  <Anchor href={site.phoneHref}>{site.phone}</Anchor>
                </div>
                <div>
                  <Text fw={600}>Address</Text>
                  <Text component="address" style={{ fontStyle: 'normal' }}>
                    {site.address.street}
                    <br />
                    {site.address.city}, {site.address.state} {site.address.zip}
                  </Text>
                </div>
                <div>
                  <Text fw={600}>Hours</Text>
                  <Text>{site.hours}</Text>
                </div>
              </Stack>
              <LazyMap
                embedUrl={site.mapEmbedUrl}
                linkUrl={site.mapLinkUrl}
                title={`Map showing ${site.name} at ${site.address.street}, ${site.address.city}`}
              />
            </Stack>
          </Grid.Col>
        </Grid>
      </Stack>
    </Container>
  );
}
