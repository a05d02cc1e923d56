import { zodResolver } from '@hookform/resolvers/zod';
import { type ResetRequestInput, ResetRequestSchema, routes } from '@lc/contract';
import { Button, Stack, TextInput } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { requestPasswordReset } from '../../api/auth.ts';
import { AuthCard } from '../../features/auth/auth-card.tsx';
import { notifyError, notifySuccess } from '../../features/forms/notify.ts';
import { usePageTitle } from '../../layout/use-page-title.ts';

/**
 * /password-reset (spec §2, §4, §5, §8): asks for a reset link by email.
 * The reply is not kept as a session: asking for a reset proves nothing about who is asking, so it must
 * never sign anyone in (spec §4 says the response is stored; our API answers with no token here).
 */
export default function PasswordResetPage() {
  usePageTitle('Reset your password');
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
      notifySuccess('A password reset link has been sent to your email.');
      reset({ emailAddress: '' });
    } catch {
      notifyError('Failed to reset password. Please try again.');
    }
  };

  return (
    <AuthCard
      title="Reset your password"
      intro="Enter the email address you signed up with and we will send you a link to choose a new password."
    >
      <form onSubmit={handleSubmit(onSubmit)} noValidate aria-label="Reset your password">
        <Stack gap="md">
          <TextInput
            label="Email address"
            type="email"
            autoComplete="email"
            required
            error={errors.emailAddress?.message}
            {...register('emailAddress')}
          />
          <Button type="submit" fullWidth size="md" loading={isSubmitting} disabled={isSubmitting}>
            Send reset link
          </Button>
          <Button component={Link} to={routes.login} variant="subtle" fullWidth>
            Back to login
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
