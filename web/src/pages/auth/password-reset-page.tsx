import { zodResolver } from '@hookform/resolvers/zod';
import { type ResetRequestInput, ResetRequestSchema, routes } from '@lc/contract';
import { Button, Stack } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod';
import { requestPasswordReset } from '../../api/auth.ts';
import { AuthCard } from '../../features/auth/auth-card.tsx';
import { TextField } from '../../features/forms/fields.tsx';
import { useSubmit } from '../../features/forms/use-submit.tsx';
import { usePageTitle } from '../../layout/use-page-title.ts';

/**
 * /password-reset (spec §2, §4, §5, §8): asks for a reset link by email.
 * The reply is not kept as a session: asking for a reset proves nothing about who is asking, so it must
 * never sign anyone in (spec §4 says the response is stored; our API answers with no token here).
 */
export default function PasswordResetPage() {
  const { t } = useTranslation();
  usePageTitle(t('passwordReset.heading'));
  const form = useForm<ResetRequestInput, unknown, z.output<typeof ResetRequestSchema>>({
    resolver: zodResolver(ResetRequestSchema),
    mode: 'onTouched',
    defaultValues: { emailAddress: '' },
  });
  const { onSubmit, submitting } = useSubmit(form, {
    action: requestPasswordReset,
    fields: [],
    success: t('passwordReset.success'),
    onSuccess: () => form.reset({ emailAddress: '' }),
    // One toast whatever went wrong (spec §8).
    failureToast: t('passwordReset.failure'),
    alert: () => null,
  });

  return (
    <AuthCard title={t('passwordReset.heading')} intro={t('passwordReset.intro')}>
      <form onSubmit={onSubmit} noValidate aria-label={t('passwordReset.heading')}>
        <Stack gap="md">
          <TextField
            form={form}
            name="emailAddress"
            label={t('passwordReset.emailAddress')}
            type="email"
            autoComplete="email"
            required
          />
          <Button type="submit" fullWidth size="md" loading={submitting} disabled={submitting}>
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
