/**
 * The form kit's fields (issue 22, item 4; docs/architecture.md, "Forms"): each one is a Mantine input bound
 * to one react-hook-form field by `form` and `name`, and wires once what every form needs — the label and
 * description it is given, the field's error in the reader's language (a contract field code or a server
 * sentence, i18n/field-messages.ts) tied to the input by Mantine's `aria-describedby`, and the input's ref
 * so that react-hook-form moves focus to the first field in error, on the browser's checks and the server's
 * (use-submit.ts) alike. Text-like inputs are registered (uncontrolled); choices are controlled.
 */
import {
  Checkbox,
  type CheckboxProps,
  MultiSelect,
  type MultiSelectProps,
  NativeSelect,
  type NativeSelectProps,
  PasswordInput,
  type PasswordInputProps,
  Select,
  type SelectProps,
  Switch,
  type SwitchProps,
  Textarea,
  type TextareaProps,
  TextInput,
  type TextInputProps,
} from '@mantine/core';
import {
  type FieldPath,
  type FieldValues,
  get,
  type RegisterOptions,
  type UseFormReturn,
  useController,
  useFormState,
} from 'react-hook-form';
import { useFieldMessage } from '../../i18n/field-messages';

/**
 * The part of a `useForm()` result a field needs. Any transformed output type is accepted: a field reads
 * and writes the form's input values only.
 */
// biome-ignore lint/suspicious/noExplicitAny: a field never reads the form's context or transformed output.
export type FormOf<T extends FieldValues> = Pick<UseFormReturn<T, any, any>, 'control' | 'register'>;

/** What binds a field to its form: the form and the field's name (a dotted path for nested values). */
export type Bound<T extends FieldValues> = { form: FormOf<T>; name: FieldPath<T> };

/** Props a field sets itself, so a caller cannot pass them by mistake. */
type Wired = 'name' | 'error' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'checked' | 'form';

/**
 * The message of `name`'s error in the reader's language, or undefined when the field is valid. Subscribes
 * to that field's error only, so typing in one field does not re-render the others.
 */
export function useFieldError<T extends FieldValues>(
  form: FormOf<T>,
  name: FieldPath<T>,
): string | undefined {
  const { errors } = useFormState({ control: form.control, name });
  const fieldMessage = useFieldMessage();
  const message = (get(errors, name) as { message?: unknown } | undefined)?.message;
  return fieldMessage(typeof message === 'string' ? message : undefined);
}

/** A one-line text input (any `type`: text, email, tel, url, date, time, number kept as text). */
export function TextField<T extends FieldValues>({
  form,
  name,
  rules,
  ...props
}: Bound<T> & { rules?: RegisterOptions<T, FieldPath<T>> } & Omit<TextInputProps, Wired>) {
  const error = useFieldError(form, name);
  return <TextInput {...props} error={error} {...form.register(name, rules)} />;
}

/** A password input with its show/hide toggle. */
export function PasswordField<T extends FieldValues>({
  form,
  name,
  ...props
}: Bound<T> & Omit<PasswordInputProps, Wired>) {
  const error = useFieldError(form, name);
  return <PasswordInput {...props} error={error} {...form.register(name)} />;
}

/** A multi-line text input. */
export function TextareaField<T extends FieldValues>({
  form,
  name,
  ...props
}: Bound<T> & Omit<TextareaProps, Wired>) {
  const error = useFieldError(form, name);
  return <Textarea {...props} error={error} {...form.register(name)} />;
}

/**
 * The browser's own select (best on phones and for short fixed lists); the value is the option's text value.
 * Controlled, so a value set before its options arrive (a choice kept in the address) shows once they do.
 */
export function NativeSelectField<T extends FieldValues>({
  form,
  name,
  ...props
}: Bound<T> & Omit<NativeSelectProps, Wired>) {
  const { field } = useController({ control: form.control, name });
  const error = useFieldError(form, name);
  return (
    <NativeSelect
      {...props}
      ref={field.ref}
      name={field.name}
      value={(field.value as string | null | undefined) ?? ''}
      onChange={(event) => field.onChange(event.currentTarget.value)}
      onBlur={field.onBlur}
      error={error}
    />
  );
}

/** Mantine's searchable select; the form holds the chosen option's value, or null when none is chosen. */
export function SelectField<T extends FieldValues>({
  form,
  name,
  ...props
}: Bound<T> & Omit<SelectProps, Wired>) {
  const { field } = useController({ control: form.control, name });
  const error = useFieldError(form, name);
  return (
    <Select
      {...props}
      ref={field.ref}
      name={field.name}
      value={(field.value as string | null | undefined) ?? null}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={error}
    />
  );
}

/** Several choices from a list; the form holds the chosen values. */
export function MultiSelectField<T extends FieldValues>({
  form,
  name,
  ...props
}: Bound<T> & Omit<MultiSelectProps, Wired>) {
  const { field } = useController({ control: form.control, name });
  const error = useFieldError(form, name);
  return (
    <MultiSelect
      {...props}
      ref={field.ref}
      name={field.name}
      value={(field.value as string[] | undefined) ?? []}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={error}
    />
  );
}

/**
 * The props that bind a boolean input (a Switch or a Checkbox) to `name`. Such an input shows its own
 * `checked` state, so it is controlled (spreading `register` would leave it showing off while the value is on).
 */
function useChecked<T extends FieldValues>(form: FormOf<T>, name: FieldPath<T>) {
  const { field } = useController({ control: form.control, name });
  return {
    ref: field.ref,
    name: field.name,
    checked: Boolean(field.value),
    onChange: (event: { currentTarget: { checked: boolean } }) => field.onChange(event.currentTarget.checked),
    onBlur: field.onBlur,
    error: useFieldError(form, name),
  };
}

/** A switch bound to a boolean field. */
export function SwitchField<T extends FieldValues>({
  form,
  name,
  ...props
}: Bound<T> & Omit<SwitchProps, Wired>) {
  return <Switch {...props} {...useChecked(form, name)} />;
}

/** A checkbox bound to a boolean field. */
export function CheckboxField<T extends FieldValues>({
  form,
  name,
  ...props
}: Bound<T> & Omit<CheckboxProps, Wired>) {
  return <Checkbox {...props} {...useChecked(form, name)} />;
}
