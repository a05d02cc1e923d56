import { zodResolver } from '@hookform/resolvers/zod';
import {
  BOTH_PASSWORDS_MUST_MATCH,
  type ResetPasswordInput,
  ResetPasswordSchema,
  routes,
} from '@lc/contract';
import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { resetPassword } from '../../api/auth.ts';
import { AuthCard } from '../../features/auth/auth-card.tsx';
import { actionableFailure } from '../../features/auth/failure-detail.ts';
import { PasswordField } from '../../features/forms/fields.tsx';
import { useSubmit } from '../../features/forms/use-submit.tsx';
import { useFieldMessage } from '../../i18n/field-messages.ts';
import { usePageTitle } from '../../layout/use-page-title.ts';

/** /password-reset/:token (spec §2, §4, §5, §8): choose a new password, then go to /login. */
export default function PasswordResetTokenPage() {
  const { t } = useTranslation();
  const fieldMessage = useFieldMessage();
  usePageTitle(t('passwordReset.newHeading'));
  const { token } = useParams();
  const navigate = useNavigate();
  const [mismatch, setMismatch] = useState(false);

  const form = useForm<ResetPasswordInput, unknown, z.output<typeof ResetPasswordSchema>>({
    resolver: zodResolver(ResetPasswordSchema),
    mode: 'onTouched',
    defaultValues: { password: '', passwordRepeat: '' },
  });
  const { onSubmit, failure, submitting } = useSubmit(form, {
    action: (values) => resetPassword(token, values),
    // A refused password (e.g. a common one, issue 21) is said beside its field; a dead link in an alert.
    fields: ['password', 'passwordRepeat'],
    success: t('passwordReset.changed'),
    onSuccess: () => navigate(routes.login, { replace: true }),
    failureToast: t('passwordReset.changeFailed'),
    alert: actionableFailure,
  });

  // spec §5: on submit, a mismatch also shows 'Both passwords must match.' (a form that passes its checks
  // has matching passwords, so the alert goes away on a valid try).
  const send = (event: FormEvent<HTMLFormElement>) => {
    const { password, passwordRepeat } = form.getValues();
    setMismatch(Boolean(passwordRepeat) && password !== passwordRepeat);
    return onSubmit(event);
  };

  return (
    <AuthCard title={t('passwordReset.newHeading')} intro={t('passwordReset.newIntro')}>
      <form onSubmit={send} noValidate aria-label={t('passwordReset.newHeading')}>
        <Stack gap="md">
          <PasswordField
            form={form}
            name="password"
            label={t('passwordReset.newPassword')}
            autoComplete="new-password"
            required
          />
          <PasswordField
            form={form}
            name="passwordRepeat"
            label={t('passwordReset.repeatPassword')}
            autoComplete="new-password"
            required
          />
          {mismatch ? (
            <Alert color="red" variant="light" role="alert">
              {fieldMessage(BOTH_PASSWORDS_MUST_MATCH)}
            </Alert>
          ) : null}
          {failure ? (
            <Alert color="red" variant="light" role="alert" title={t('passwordReset.linkUnusable')}>
              <Text size="sm">{failure}</Text>
              <Anchor component={Link} to={routes.passwordReset} size="sm" fw={600}>
                {t('passwordReset.sendNewLink')}
              </Anchor>
            </Alert>
          ) : null}
          <Button type="submit" fullWidth size="md" loading={submitting} disabled={submitting}>
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
