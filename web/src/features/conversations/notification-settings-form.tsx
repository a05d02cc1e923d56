import { zodResolver } from '@hookform/resolvers/zod';
import {
  formatPhone,
  type NotificationSettingsInput,
  NotificationSettingsSchema,
  type NotificationSettingsView,
} from '@lc/contract';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { updateNotificationSettings } from '../../api/conversations.ts';
import { conversationKeys } from '../../api/query-keys.ts';
import { SwitchField, TextField } from '../forms/fields.tsx';
import { FormFailure, useSubmit } from '../forms/use-submit.tsx';

/**
 * How a person hears about new messages (issue 25), for a parent and a staff member alike: by email, by text
 * (to the mobile number they give here; with the number left empty the switch is off and says so, `noNumber`;
 * the server refuses it too, 400 `fields.sms`), and their quiet hours on the center's
 * clock ("Quiet from" 20:00 "until" 07:00 spans the night). Saved with the form kit on the contract's
 * `NotificationSettingsSchema`; the reply is the settings as stored.
 */
export function NotificationSettingsForm({
  settings,
  noNumber,
}: {
  settings: NotificationSettingsView;
  noNumber: string;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useForm<NotificationSettingsInput>({
    resolver: zodResolver(NotificationSettingsSchema),
    reValidateMode: 'onSubmit',
    defaultValues: {
      email: settings.email,
      sms: settings.sms && settings.smsNumber !== null,
      quietFrom: settings.quietFrom,
      quietUntil: settings.quietUntil,
      smsNumber: settings.smsNumber ? formatPhone(settings.smsNumber) : '',
    },
  });
  const typedNumber = (form.watch('smsNumber') ?? '').trim();
  const { onSubmit, failure, submitting } = useSubmit(form, {
    action: (values) => updateNotificationSettings(values),
    fields: ['email', 'smsNumber', 'sms', 'quietFrom', 'quietUntil'],
    success: t('conversations.settings.saved'),
    onSuccess: (saved) => {
      queryClient.setQueryData(conversationKeys.notificationSettings(), saved);
      form.reset({
        email: saved.email,
        sms: saved.sms,
        quietFrom: saved.quietFrom,
        quietUntil: saved.quietUntil,
        smsNumber: saved.smsNumber ? formatPhone(saved.smsNumber) : '',
      });
    },
  });
  const smsHintId = useId();
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="notification-settings">
      <Title order={2} size="h3" id="notification-settings" mb={6}>
        {t('conversations.settings.heading')}
      </Title>
      <Text size="sm" mb="md" maw="65ch">
        {t('conversations.settings.batching')}
      </Text>
      <form noValidate onSubmit={onSubmit} aria-labelledby="notification-settings">
        <Stack gap="md">
          <SwitchField form={form} name="email" label={t('conversations.settings.email')} />
          <TextField
            form={form}
            name="smsNumber"
            type="tel"
            autoComplete="tel"
            label={t('conversations.settings.smsNumber')}
            description={t('conversations.settings.smsNumberHint')}
            w={{ base: '100%', xs: 280 }}
          />
          <div>
            <SwitchField
              form={form}
              name="sms"
              label={t('conversations.settings.sms')}
              disabled={typedNumber === ''}
              aria-describedby={smsHintId}
            />
            {/* Beside the switch, not inside its label (Mantine's description is), so it is its description. */}
            <Text id={smsHintId} size="sm" c="dimmed" mt={4} ml={54} maw="60ch">
              {typedNumber === '' ? noNumber : t('conversations.settings.smsTo', { number: typedNumber })}
            </Text>
          </div>
          <Group gap="md" align="flex-start" wrap="wrap">
            <TextField
              form={form}
              name="quietFrom"
              type="time"
              label={t('conversations.settings.quietFrom')}
              w={{ base: '100%', xs: 180 }}
            />
            <TextField
              form={form}
              name="quietUntil"
              type="time"
              label={t('conversations.settings.quietUntil')}
              w={{ base: '100%', xs: 180 }}
            />
          </Group>
          <Text size="sm" c="dimmed" maw="65ch">
            {t('conversations.settings.quietExplained')}
          </Text>
          <FormFailure failure={failure} />
          <Group>
            <Button type="submit" loading={submitting}>
              {t('conversations.settings.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
