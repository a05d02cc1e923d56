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
import { postTutoringWaitlist } from '../../api/contact.ts';
import { site } from '../../content/site.ts';
import { notifyError, notifySuccess } from '../../features/forms/notify.ts';
import { useServerFieldErrors } from '../../features/forms/use-server-field-errors.ts';
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

const GRADE_OPTIONS = [
  { value: '', label: 'Choose a grade', disabled: true },
  ...TUTORING_GRADES.map((grade) => ({
    value: grade,
    label: grade === 'K' ? 'Kindergarten' : `Grade ${grade}`,
  })),
];
const SUBJECT_OPTIONS = [
  { value: '', label: 'Choose a subject', disabled: true },
  ...TUTORING_SUBJECTS.map((subject) => ({ value: subject, label: subject })),
];

/** /tutoring-waitlist — the tutoring program (grades K–6, Coming Fall 2024) takes a waitlist only. */
export default function TutoringWaitlistPage() {
  usePageTitle('Tutoring Waitlist');
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
      await postTutoringWaitlist(values);
      notifySuccess(
        'Thank you! Your child is on the tutoring waitlist. We will contact you before the program opens.',
      );
      reset(EMPTY);
    } catch (error) {
      if (!showServerErrors(error)) {
        notifyError(
          `Sorry, we could not add you to the waitlist. Please try again, or email us at ${site.email}.`,
          'Not sent',
        );
      }
    }
  };

  return (
    <Container size="lg" py="xl">
      <Grid gutter="xl">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md">
            <Badge size="lg" variant="filled" color="oak.8" tt="none">
              Coming Fall 2024
            </Badge>
            <Title order={1}>Tutoring Waitlist</Title>
            <Text size="lg">
              One-on-one and small-group tutoring for grades K–6, with the same warm, patient teachers
              families know from our morning program.
            </Text>
            <List spacing="xs">
              <List.Item>Reading and phonics, writing, math and science</List.Item>
              <List.Item>Homework support that builds good study habits</List.Item>
              <List.Item>Small groups of children at a similar level, or one-on-one sessions</List.Item>
            </List>
            <Text>
              Tutoring opens in Fall 2024 and we are taking a waitlist only for now. Join it and we will
              contact you before the program opens, in the order families signed up.
            </Text>
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
                Join the tutoring waitlist
              </Title>
              <form onSubmit={handleSubmit(onSubmit)} noValidate aria-labelledby="waitlist-form">
                <Stack gap="md">
                  <SimpleGrid cols={{ base: 1, sm: 2 }}>
                    <TextInput
                      label="Your name"
                      autoComplete="name"
                      required
                      error={errors.parentName?.message}
                      {...register('parentName')}
                    />
                    <TextInput
                      label="Child’s name"
                      autoComplete="off"
                      required
                      error={errors.studentName?.message}
                      {...register('studentName')}
                    />
                  </SimpleGrid>
                  <SimpleGrid cols={{ base: 1, sm: 2 }}>
                    <NativeSelect
                      label="Grade"
                      required
                      data={GRADE_OPTIONS}
                      error={errors.grade?.message}
                      {...register('grade')}
                    />
                    <NativeSelect
                      label="Subject"
                      required
                      data={SUBJECT_OPTIONS}
                      error={errors.subjectMatter?.message}
                      {...register('subjectMatter')}
                    />
                  </SimpleGrid>
                  <SimpleGrid cols={{ base: 1, sm: 2 }}>
                    <TextInput
                      label="Email"
                      type="email"
                      autoComplete="email"
                      required
                      error={errors.emailAddress?.message}
                      {...register('emailAddress')}
                    />
                    <TextInput
                      label="Phone number"
                      type="tel"
                      autoComplete="tel"
                      required
                      error={errors.phoneNumber?.message}
                      {...register('phoneNumber')}
                    />
                  </SimpleGrid>
                  <Textarea
                    label="Anything we should know?"
                    description="Optional: what your child enjoys, finds hard, or what you hope tutoring will help with"
                    autosize
                    minRows={3}
                    maxRows={10}
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
                    Join the waitlist
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
