import { zodResolver } from '@hookform/resolvers/zod';
import {
  BOTH_PASSWORDS_MUST_MATCH,
  type ResetPasswordInput,
  ResetPasswordSchema,
  routes,
} from '@lc/contract';
import { Alert, Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { resetPassword } from '../../api/auth.ts';
import { AuthCard } from '../../features/auth/auth-card.tsx';
import { actionableFailure } from '../../features/auth/failure-detail.ts';
import { notifyError, notifySuccess } from '../../features/forms/notify.ts';
import { useServerFieldErrors } from '../../features/forms/use-server-field-errors.ts';
import { useFieldMessage } from '../../i18n/field-messages.ts';
import { usePageTitle } from '../../layout/use-page-title.ts';

const fieldOrder = ['password', 'passwordRepeat'] as const;

/** /password-reset/:token (spec §2, §4, §5, §8): choose a new password, then go to /login. */
export default function PasswordResetTokenPage() {
  const { t } = useTranslation();
  const fieldMessage = useFieldMessage();
  usePageTitle(t('passwordReset.newHeading'));
  const { token } = useParams();
  const navigate = useNavigate();
  const [mismatch, setMismatch] = useState(false);
  const [detail, setDetail] = useState<string | null>(null);

  const {
    register,
    handleSubmit,
    getValues,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ResetPasswordInput, unknown, z.output<typeof ResetPasswordSchema>>({
    resolver: zodResolver(ResetPasswordSchema),
    mode: 'onTouched',
    defaultValues: { password: '', passwordRepeat: '' },
  });

  const showFieldErrors = useServerFieldErrors(setError, fieldOrder);

  const onSubmit = async (values: z.output<typeof ResetPasswordSchema>) => {
    setMismatch(false);
    setDetail(null);
    try {
      await resetPassword(token, values);
      notifySuccess(t('passwordReset.changed'));
      navigate(routes.login, { replace: true });
    } catch (error) {
      notifyError(t('passwordReset.changeFailed'));
      // A refused password (e.g. a common one, issue 21) is said beside its field; a dead link in an alert.
      showFieldErrors(error);
      setDetail(actionableFailure(error));
    }
  };

  // spec §5: on submit, a mismatch also shows 'Both passwords must match.'
  const onInvalid = () => {
    const { password, passwordRepeat } = getValues();
    setMismatch(Boolean(passwordRepeat) && password !== passwordRepeat);
  };

  return (
    <AuthCard title={t('passwordReset.newHeading')} intro={t('passwordReset.newIntro')}>
      <form
        onSubmit={handleSubmit(onSubmit, onInvalid)}
        noValidate
        aria-label={t('passwordReset.newHeading')}
      >
        <Stack gap="md">
          <PasswordInput
            label={t('passwordReset.newPassword')}
            autoComplete="new-password"
            required
            error={fieldMessage(errors.password?.message)}
            {...register('password')}
          />
          <PasswordInput
            label={t('passwordReset.repeatPassword')}
            autoComplete="new-password"
            required
            error={fieldMessage(errors.passwordRepeat?.message)}
            {...register('passwordRepeat')}
          />
          {mismatch ? (
            <Alert color="red" variant="light" role="alert">
              {fieldMessage(BOTH_PASSWORDS_MUST_MATCH)}
            </Alert>
          ) : null}
          {detail ? (
            <Alert color="red" variant="light" role="alert" title={t('passwordReset.linkUnusable')}>
              <Text size="sm">{detail}</Text>
              <Anchor component={Link} to={routes.passwordReset} size="sm" fw={600}>
                {t('passwordReset.sendNewLink')}
              </Anchor>
            </Alert>
          ) : null}
          <Button type="submit" fullWidth size="md" loading={isSubmitting} disabled={isSubmitting}>
            {t('passwordReset.change')}
          </Button>
        </Stack>
      </form>
      <Text ta="center" size="sm">
        <Anchor component={Link} to={routes.login}>
          {t('passwordReset.backToLogin')}
        </Anchor>
      </Text>
    </AuthCard>
  );
}
