import { Switch } from '@mantine/core';
import type { ReactNode } from 'react';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';

/**
 * A Mantine Switch bound to a boolean react-hook-form field. A Switch shows its own `checked` state, so it is
 * controlled here (spreading `register` would leave it showing off while the form's value is on).
 */
export function SwitchField<T extends FieldValues, TOut extends FieldValues = T>({
  control,
  name,
  children,
}: {
  control: Control<T, unknown, TOut>;
  name: Path<T>;
  children: ReactNode;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Switch
          ref={field.ref}
          name={field.name}
          label={children}
          checked={Boolean(field.value)}
          onChange={(event) => field.onChange(event.currentTarget.checked)}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
