import { zodResolver } from '@hookform/resolvers/zod';
import {
  TUTORING_GRADES,
  TUTORING_SUBJECTS,
  type TutoringWaitlistForm,
  type TutoringWaitlistFormInput,
  TutoringWaitlistFormSchema,
} from '@lc/contract';
import {
  Badge,
  Button,
  Container,
  Grid,
  List,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useMounted } from '@mantine/hooks';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { postTutoringWaitlist } from '../../api/contact.ts';
import { site } from '../../content/site.ts';
import { notifyError, notifySuccess } from '../../features/forms/notify.ts';
import { useServerFieldErrors } from '../../features/forms/use-server-field-errors.ts';
import { useFieldMessage } from '../../i18n/field-messages.ts';
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
  const fieldMessage = useFieldMessage();
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
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<WaitlistFormValues, unknown, TutoringWaitlistForm>({
    // The schema is the one definition of validity; the form's '' placeholders are just invalid input to it.
    resolver: zodResolver(TutoringWaitlistFormSchema) as unknown as Resolver<
      WaitlistFormValues,
      unknown,
      TutoringWaitlistForm
    >,
    mode: 'onTouched',
    defaultValues: EMPTY,
  });
  const showServerErrors = useServerFieldErrors(setError, FIELD_ORDER);

  const onSubmit = async (values: TutoringWaitlistForm) => {
    try {
      // The page's language goes along: the center's reply is written in it (issue 14).
      await postTutoringWaitlist({ ...values, language: i18n.language === 'es' ? 'es' : 'en' });
      notifySuccess(t('enroll.tutoring.success'));
      reset(EMPTY);
    } catch (error) {
      if (!showServerErrors(error)) {
        notifyError(t('enroll.tutoring.failure', { email: site.email }), t('enroll.tutoring.failureTitle'));
      }
    }
  };

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
              <form onSubmit={handleSubmit(onSubmit)} noValidate aria-labelledby="waitlist-form">
                <Stack gap="md">
                  <SimpleGrid cols={{ base: 1, sm: 2 }}>
                    <TextInput
                      label={t('enroll.tutoring.parentName')}
                      autoComplete="name"
                      required
                      error={fieldMessage(errors.parentName?.message)}
                      {...register('parentName')}
                    />
                    <TextInput
                      label={t('enroll.tutoring.studentName')}
                      autoComplete="off"
                      required
                      error={fieldMessage(errors.studentName?.message)}
                      {...register('studentName')}
                    />
                  </SimpleGrid>
                  <SimpleGrid cols={{ base: 1, sm: 2 }}>
                    <NativeSelect
                      label={t('enroll.tutoring.grade')}
                      required
                      data={gradeOptions}
                      error={fieldMessage(errors.grade?.message)}
                      {...register('grade')}
                    />
                    <NativeSelect
                      label={t('enroll.tutoring.subject')}
                      required
                      data={subjectOptions}
                      error={fieldMessage(errors.subjectMatter?.message)}
                      {...register('subjectMatter')}
                    />
                  </SimpleGrid>
                  <SimpleGrid cols={{ base: 1, sm: 2 }}>
                    <TextInput
                      label={t('enroll.tutoring.email')}
                      type="email"
                      autoComplete="email"
                      required
                      error={fieldMessage(errors.emailAddress?.message)}
                      {...register('emailAddress')}
                    />
                    <TextInput
                      label={t('enroll.tutoring.phoneNumber')}
                      type="tel"
                      autoComplete="tel"
                      required
                      error={fieldMessage(errors.phoneNumber?.message)}
                      {...register('phoneNumber')}
                    />
                  </SimpleGrid>
                  <Textarea
                    label={t('enroll.tutoring.message')}
                    description={t('enroll.tutoring.messageDescription')}
                    autosize
                    minRows={3}
                    maxRows={10}
                    error={fieldMessage(errors.message?.message)}
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
