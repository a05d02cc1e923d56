import { zodResolver } from '@hookform/resolvers/zod';
import { type ResetRequestInput, ResetRequestSchema, routes } from '@lc/contract';
import { Button, Stack, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod';
import { requestPasswordReset } from '../../api/auth.ts';
import { AuthCard } from '../../features/auth/auth-card.tsx';
import { notifyError, notifySuccess } from '../../features/forms/notify.ts';
import { useFieldMessage } from '../../i18n/field-messages.ts';
import { usePageTitle } from '../../layout/use-page-title.ts';

/**
 * /password-reset (spec §2, §4, §5, §8): asks for a reset link by email.
 * The reply is not kept as a session: asking for a reset proves nothing about who is asking, so it must
 * never sign anyone in (spec §4 says the response is stored; our API answers with no token here).
 */
export default function PasswordResetPage() {
  const { t } = useTranslation();
  const fieldMessage = useFieldMessage();
  usePageTitle(t('passwordReset.heading'));
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ResetRequestInput, unknown, z.output<typeof ResetRequestSchema>>({
    resolver: zodResolver(ResetRequestSchema),
    mode: 'onTouched',
    defaultValues: { emailAddress: '' },
  });

  const onSubmit = async (values: z.output<typeof ResetRequestSchema>) => {
    try {
      await requestPasswordReset(values);
      notifySuccess(t('passwordReset.success'));
      reset({ emailAddress: '' });
    } catch {
      notifyError(t('passwordReset.failure'));
    }
  };

  return (
    <AuthCard title={t('passwordReset.heading')} intro={t('passwordReset.intro')}>
      <form onSubmit={handleSubmit(onSubmit)} noValidate aria-label={t('passwordReset.heading')}>
        <Stack gap="md">
          <TextInput
            label={t('passwordReset.emailAddress')}
            type="email"
            autoComplete="email"
            required
            error={fieldMessage(errors.emailAddress?.message)}
            {...register('emailAddress')}
          />
          <Button type="submit" fullWidth size="md" loading={isSubmitting} disabled={isSubmitting}>
            {t('passwordReset.submit')}
          </Button>
          <Button component={Link} to={routes.login} variant="subtle" fullWidth>
            {t('passwordReset.backToLogin')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
