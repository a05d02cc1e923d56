/**
 * A file chosen for upload on the director's screens (issue 10: a session's picture, its files), bound to a
 * react-hook-form field like the kit's fields (features/forms/fields.tsx; docs/architecture.md, "Forms"):
 * the form holds the chosen File (null until one is chosen), the error shows by the input in the reader's
 * language, and the input's ref takes focus when it is the first field in error. Choosing another file
 * clears its message.
 */
import { FileInput, type FileInputProps } from '@mantine/core';
import { type FieldPath, type FieldValues, useController } from 'react-hook-form';
import { type FormOf, useFieldError } from '../forms/fields';

/** Props the field sets itself. */
type Wired = 'name' | 'error' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'form' | 'multiple';

/** A one-file input bound by `form` and `name`. */
export function FileField<T extends FieldValues>({
  form,
  name,
  ...props
}: {
  form: FormOf<T> & { clearErrors: (name: FieldPath<T>) => void };
  name: FieldPath<T>;
} & Omit<FileInputProps, Wired>) {
  const { field } = useController({ control: form.control, name });
  const error = useFieldError(form, name);
  return (
    <FileInput
      {...props}
      ref={field.ref}
      value={(field.value as File | null | undefined) ?? null}
      onChange={(chosen) => {
        field.onChange(chosen);
        form.clearErrors(name);
      }}
      onBlur={field.onBlur}
      error={error}
    />
  );
}
