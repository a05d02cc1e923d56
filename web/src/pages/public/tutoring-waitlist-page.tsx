import { zodResolver } from '@hookform/resolvers/zod';
import {
  TUTORING_GRADES,
  TUTORING_SUBJECTS,
  type TutoringWaitlistForm,
  type TutoringWaitlistFormInput,
  TutoringWaitlistFormSchema,
} from '@lc/contract';
import { Badge, Button, Container, Grid, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMounted } from '@mantine/hooks';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { postTutoringWaitlist } from '../../api/contact.ts';
import { site } from '../../content/site.ts';
import { NativeSelectField, TextareaField, TextField } from '../../features/forms/fields.tsx';
import { notifyError } from '../../features/forms/notify.ts';
import { useSubmit } from '../../features/forms/use-submit.tsx';
import { usePageTitle } from '../../layout/use-page-title.ts';

/**
 * The form holds '' for "nothing chosen yet" in the two selects; the schema rejects it with its own
 * message ('Please choose your child’s grade (K to 6)', 'Please choose a subject').
 */
type WaitlistFormValues = Omit<TutoringWaitlistFormInput, 'grade' | 'subjectMatter'> & {
  grade: TutoringWaitlistFormInput['grade'] | '';
  subjectMatter: TutoringWaitlistFormInput['subjectMatter'] | '';
};

const EMPTY: WaitlistFormValues = {
  parentName: '',
  studentName: '',
  grade: '',
  emailAddress: '',
  phoneNumber: '',
  subjectMatter: '',
  message: '',
};

const FIELD_ORDER = [
  'parentName',
  'studentName',
  'grade',
  'emailAddress',
  'phoneNumber',
  'subjectMatter',
  'message',
] as const;

/** Each subject's message key; the value sent stays the contract's English name. */
const SUBJECT_KEYS = {
  'Reading & phonics': 'reading',
  Writing: 'writing',
  Math: 'math',
  Science: 'science',
  'Homework support': 'homework',
  Other: 'other',
} as const satisfies Record<(typeof TUTORING_SUBJECTS)[number], string>;

/** /tutoring-waitlist — the tutoring program (grades K–6, Coming Fall 2024) takes a waitlist only. */
export default function TutoringWaitlistPage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('enroll.tutoring.title'));
  const gradeOptions = [
    { value: '', label: t('enroll.tutoring.chooseGrade'), disabled: true },
    ...TUTORING_GRADES.map((grade) => ({
      value: grade,
      label: grade === 'K' ? t('enroll.tutoring.kindergarten') : t('enroll.tutoring.gradeNumber', { grade }),
    })),
  ];
  const subjectOptions = [
    { value: '', label: t('enroll.tutoring.chooseSubject'), disabled: true },
    ...TUTORING_SUBJECTS.map((subject) => ({
      value: subject,
      label: t(`enroll.tutoring.subjects.${SUBJECT_KEYS[subject]}`),
    })),
  ];
  const hydrated = useMounted();
  const form = useForm<WaitlistFormValues, unknown, TutoringWaitlistForm>({
    // The schema is the one definition of validity; the form's '' placeholders are just invalid input to it.
    resolver: zodResolver(TutoringWaitlistFormSchema) as unknown as Resolver<
      WaitlistFormValues,
      unknown,
      TutoringWaitlistForm
    >,
    mode: 'onTouched',
    defaultValues: EMPTY,
  });
  const { onSubmit, submitting } = useSubmit(form, {
    // The page's language goes along: the center's reply is written in it (issue 14).
    action: (values) => postTutoringWaitlist({ ...values, language: i18n.language === 'es' ? 'es' : 'en' }),
    fields: FIELD_ORDER,
    success: t('enroll.tutoring.success'),
    onSuccess: () => form.reset(EMPTY),
    // The page has no alert: a failure no field explains is a toast with the center's address.
    alert: () => {
      notifyError(t('enroll.tutoring.failure', { email: site.email }), t('enroll.tutoring.failureTitle'));
      return null;
    },
  });

  return (
    <Container size="lg" py="xl">
      <Grid gutter="xl">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md">
            <Badge size="lg" variant="filled" color="oak.8" tt="none">
              {t('enroll.tutoring.comingSoon')}
            </Badge>
            <Title order={1}>{t('enroll.tutoring.title')}</Title>
            <Text size="lg">{t('enroll.tutoring.intro')}</Text>
            <List spacing="xs">
              <List.Item>{t('enroll.tutoring.subjectsOffered')}</List.Item>
              <List.Item>{t('enroll.tutoring.homework')}</List.Item>
              <List.Item>{t('enroll.tutoring.groups')}</List.Item>
            </List>
            <Text>{t('enroll.tutoring.waitlistOnly')}</Text>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Paper
            withBorder
            radius="md"
            p={{ base: 'md', sm: 'xl' }}
            component="section"
            aria-labelledby="waitlist-form"
          >
            <Stack gap="md">
              <Title order={2} fz="h3" id="waitlist-form">
                {t('enroll.tutoring.formHeading')}
              </Title>
              <form onSubmit={onSubmit} noValidate aria-labelledby="waitlist-form">
                <Stack gap="md">
                  <SimpleGrid cols={{ base: 1, sm: 2 }}>
                    <TextField
                      form={form}
                      name="parentName"
                      label={t('enroll.tutoring.parentName')}
                      autoComplete="name"
                      required
                    />
                    <TextField
                      form={form}
                      name="studentName"
                      label={t('enroll.tutoring.studentName')}
                      autoComplete="off"
                      required
                    />
                  </SimpleGrid>
                  <SimpleGrid cols={{ base: 1, sm: 2 }}>
                    <NativeSelectField
                      form={form}
                      name="grade"
                      label={t('enroll.tutoring.grade')}
                      required
                      data={gradeOptions}
                    />
                    <NativeSelectField
                      form={form}
                      name="subjectMatter"
                      label={t('enroll.tutoring.subject')}
                      required
                      data={subjectOptions}
                    />
                  </SimpleGrid>
                  <SimpleGrid cols={{ base: 1, sm: 2 }}>
                    <TextField
                      form={form}
                      name="emailAddress"
                      label={t('enroll.tutoring.email')}
                      type="email"
                      autoComplete="email"
                      required
                    />
                    <TextField
                      form={form}
                      name="phoneNumber"
                      label={t('enroll.tutoring.phoneNumber')}
                      type="tel"
                      autoComplete="tel"
                      required
                    />
                  </SimpleGrid>
                  <TextareaField
                    form={form}
                    name="message"
                    label={t('enroll.tutoring.message')}
                    description={t('enroll.tutoring.messageDescription')}
                    autosize
                    minRows={3}
                    maxRows={10}
                  />
                  <Button
                    type="submit"
                    loading={submitting}
                    // Server-rendered: until this page's code has run, a click would submit the bare form.
                    disabled={submitting || !hydrated}
                    size="md"
                    w={{ base: '100%', sm: 'auto' }}
                  >
                    {t('enroll.tutoring.submit')}
                  </Button>
                </Stack>
              </form>
            </Stack>
          </Paper>
        </Grid.Col>
      </Grid>
    </Container>
  );
}
