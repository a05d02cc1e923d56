import type { DoorScan } from '@lc/contract';
import { Button, Card, Group, Image, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { type RefObject, useRef } from 'react';
import { useController, useForm } from 'react-hook-form';
import { type FormOf, useFieldError } from '../forms/fields';
import { useSubmit } from '../forms/use-submit';
import { type HeadingRef, messageOf } from './kiosk-parts';

type PinValues = { pin: string };

/**
 * A pickup's second factor: the adult's PIN, or staff confirming the pass holder's photo. A form of the kit
 * (docs/architecture.md, "Forms"): a PIN that is not 4 to 6 digits, or a refusal (the PIN emptied), is said
 * by the PIN, which takes the focus; the message stays until the next try.
 */
export function PinStep({
  headingRef,
  scan,
  onCancel,
  onConfirm,
}: {
  headingRef: HeadingRef;
  scan: DoorScan;
  onCancel: () => void;
  onConfirm: (second: { pin?: string; photoConfirmed?: boolean }) => Promise<void>;
}) {
  const form = useForm<PinValues>({ defaultValues: { pin: '' }, reValidateMode: 'onSubmit' });
  /** True while staff confirm the photo: the PIN is neither checked nor sent. */
  const byPhoto = useRef(false);
  const { onSubmit, submitting } = useSubmit(form, {
    action: ({ pin }) => onConfirm(byPhoto.current ? { photoConfirmed: true } : { pin }),
    fields: [],
    alert: (error) => {
      form.setValue('pin', '');
      form.setError('pin', { type: 'server', message: messageOf(error) }, { shouldFocus: true });
      return null;
    },
  });
  const confirmPhoto = async () => {
    byPhoto.current = true;
    try {
      await onSubmit();
    } finally {
      byPhoto.current = false;
    }
  };
  return (
    <Stack gap="lg" maw={480}>
      <Title order={1} ref={headingRef} tabIndex={-1}>
        Your PIN, please
      </Title>
      <Text>{scan.holderName}, enter the PIN your family chose with you to pick up.</Text>
      <form noValidate onSubmit={onSubmit}>
        <Stack>
          <PinField form={form} byPhoto={byPhoto} />
          <Group>
            <Button type="submit" size="lg" loading={submitting}>
              Confirm pickup
            </Button>
            <Button size="lg" variant="default" onClick={onCancel}>
              Back
            </Button>
          </Group>
        </Stack>
      </form>
      {scan.photo ? (
        <Card withBorder radius="md">
          <Text fw={600}>For staff: no PIN?</Text>
          <Group mt="xs" wrap="nowrap">
            <Image
              src={scan.photo}
              alt={`Photo of ${scan.holderName}`}
              w={72}
              h={72}
              radius="md"
              fit="cover"
            />
            <Text fz="sm">
              Compare the photo with the adult in front of you. Only confirm if it is clearly them.
            </Text>
          </Group>
          <Button mt="sm" variant="outline" loading={submitting} onClick={confirmPhoto}>
            I’ve checked the photo
          </Button>
        </Card>
      ) : null}
    </Stack>
  );
}

/**
 * The PIN: digits only, at most 6 (the kit's PasswordField cannot drop other keys as they are typed), bound
 * like the kit's fields (features/forms/fields.tsx). Checked on submit unless staff confirm the photo.
 */
function PinField({ form, byPhoto }: { form: FormOf<PinValues>; byPhoto: RefObject<boolean> }) {
  const { field } = useController({
    control: form.control,
    name: 'pin',
    rules: {
      validate: (pin) => byPhoto.current || /^\d{4,6}$/.test(pin) || 'Enter the 4 to 6 digits of your PIN',
    },
  });
  const error = useFieldError(form, 'pin');
  return (
    <PasswordInput
      ref={field.ref}
      name={field.name}
      label="PIN"
      value={field.value}
      onChange={(e) => field.onChange(e.currentTarget.value.replace(/\D/g, '').slice(0, 6))}
      onBlur={field.onBlur}
      error={error}
      inputMode="numeric"
      autoComplete="off"
      size="lg"
      data-autofocus
    />
  );
}
