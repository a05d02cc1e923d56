import { routes, type SessionStudent } from '@lc/contract';
import { Anchor, Checkbox, Paper, Stack } from '@mantine/core';
import { type ReactNode, type Ref, useId } from 'react';
import { type FieldPath, type FieldValues, useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type FormOf, useFieldError } from '../forms/fields.tsx';
import { type FormError, FormErrorAlert } from './form-error-alert.tsx';

export type ChildPickerProps = {
  /** The question the checkboxes answer, e.g. "Which children are you enrolling?". */
  label: string;
  description?: string;
  students: readonly SessionStudent[];
  /** Whether a child may be chosen here; the others are shown disabled with their sentence. */
  canChoose: (student: SessionStudent) => boolean;
  value: string[];
  onChange: (studentIds: string[]) => void;
  onBlur?: () => void;
  /** Goes to the first child that can be chosen, so a form can move focus here on an error. */
  inputRef?: Ref<HTMLInputElement>;
  /** A message about the choice, tied to the group (aria-describedby). */
  error?: string;
  /** Shown inside the group under the children, e.g. the server's reply when it refused the choice. */
  children?: ReactNode;
};

/**
 * One checkbox per child of the family. Children who cannot be chosen stay visible, disabled, with the
 * sentence that says why ("Theo is number 2 on the waitlist."); a child who can be chosen shows theirs
 * only when it says something to act on (a held or offered seat), not a repeat of "can enroll now".
 */
export function ChildPicker(props: ChildPickerProps) {
  const { students, canChoose, value, onChange, onBlur, inputRef, error, children } = props;
  const firstChoosable = students.find(canChoose)?.id;
  const idPrefix = useId();
  const { t } = useTranslation();
  return (
    <Checkbox.Group
      label={props.label}
      description={props.description}
      withAsterisk
      size="md"
      value={value}
      onChange={onChange}
      error={error}
      // Mantine puts the description and error under the label; the checkboxes follow.
      inputWrapperOrder={['label', 'description', 'error', 'input']}
    >
      <Stack gap="md" mt="sm">
        {students.map((student) => {
          const disabled = !canChoose(student);
          const holdsSeat =
            student.enrollmentStatus === 'PendingPayment' || student.waitlistStatus === 'Offered';
          // A health record the program needs (issue 26): the sentence says what, the link goes to fix it.
          const health = student.health ? (
            <>
              {' '}
              <Anchor component={Link} to={routes.childHealth(student.id)} underline="always" size="sm">
                {t('health.enroll.fix', { name: student.firstName })}
              </Anchor>
            </>
          ) : null;
          const sentence = disabled || holdsSeat || health ? student.eligibility : null;
          // Mantine does not tie a checkbox's description to it; the id and aria-describedby do.
          const descriptionId = `${idPrefix}-${student.id}`;
          return (
            <Checkbox
              key={student.id}
              value={student.id}
              label={student.fullName}
              description={
                sentence ? (
                  <span id={descriptionId}>
                    {sentence}
                    {health}
                  </span>
                ) : undefined
              }
              aria-describedby={sentence ? descriptionId : undefined}
              disabled={disabled}
              ref={student.id === firstChoosable ? inputRef : undefined}
              onBlur={onBlur}
              size="md"
              // A disabled child's name stays readable (Mantine greys it below 4.5:1 contrast).
              styles={disabled ? { label: { color: 'var(--mantine-color-dimmed)' } } : undefined}
            />
          );
        })}
        {children}
      </Stack>
    </Checkbox.Group>
  );
}

/**
 * The children question of the enroll and waitlist forms: the form's `studentIds` field drawn as a
 * {@link ChildPicker} in its own card, bound like the kit's fields (features/forms/fields.tsx: the error in
 * the reader's language, the ref that takes focus), with the server's refusal (`formError`) shown inside
 * the group. `action` picks the sentence for when some children cannot be chosen ("Children who can’t enroll
 * now say why.").
 */
export function ChildPickerField<T extends FieldValues & { studentIds: string[] }>(props: {
  form: FormOf<T>;
  label: string;
  action: 'enroll' | 'join';
  students: readonly SessionStudent[];
  canChoose: (student: SessionStudent) => boolean;
  formError: FormError | null;
}) {
  const { form, students, canChoose } = props;
  const { t } = useTranslation();
  const name = 'studentIds' as FieldPath<T>;
  const { field } = useController({ control: form.control, name });
  const error = useFieldError(form, name);
  const someCannot = students.some((s) => !canChoose(s));
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <ChildPicker
        label={props.label}
        description={
          someCannot
            ? props.action === 'enroll'
              ? t('enroll.childPicker.someCannotEnroll')
              : t('enroll.childPicker.someCannotJoin')
            : t('enroll.childPicker.chooseOneOrMore')
        }
        students={students}
        canChoose={canChoose}
        value={field.value as string[]}
        onChange={field.onChange}
        onBlur={field.onBlur}
        inputRef={field.ref}
        error={error}
      >
        <FormErrorAlert error={props.formError} />
      </ChildPicker>
    </Paper>
  );
}
