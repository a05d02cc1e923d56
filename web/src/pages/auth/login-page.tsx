import { zodResolver } from '@hookform/resolvers/zod';
import { type LoginInput, LoginSchema, routes } from '@lc/contract';
import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import type { z } from 'zod';
import { login } from '../../api/auth.ts';
import { site } from '../../content/site.ts';
import { AuthCard } from '../../features/auth/auth-card.tsx';
import { actionableFailure } from '../../features/auth/failure-detail.ts';
import { DEFAULT_AFTER_LOGIN, redirectTarget, withRedirect } from '../../features/auth/safe-redirect.ts';
import { syncLanguageAfterSignIn } from '../../features/auth/sync-language.ts';
import { notifyError, notifySuccess } from '../../features/forms/notify.ts';
import { useFieldMessage } from '../../i18n/field-messages.ts';
import { usePageTitle } from '../../layout/use-page-title.ts';
import { isStaffRole, readClaims, setToken } from '../../lib/auth-token.ts';

/** /login (spec §2, §4, §5, §8). Goes back to the page the guard remembered, or ?redirect=, or /dashboard. */
export default function LoginPage() {
  const { t } = useTranslation();
  const fieldMessage = useFieldMessage();
  usePageTitle(t('login.pageTitle'));
  const location = useLocation();
  const navigate = useNavigate();
  const target = redirectTarget(location.state, location.search);
  const [detail, setDetail] = useState<string | null>(null);

  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput, unknown, z.output<typeof LoginSchema>>({
    resolver: zodResolver(LoginSchema),
    mode: 'onTouched',
    defaultValues: { emailAddress: '', password: '' },
  });

  const onSubmit = async (values: z.output<typeof LoginSchema>) => {
    setDetail(null);
    try {
      const token = await login(values);
      setToken(token);
      void syncLanguageAfterSignIn();
      notifySuccess(t('login.success'));
      // Staff land on the staff side unless they were on their way somewhere (issue 10; parents: spec §2).
      const landing =
        target === DEFAULT_AFTER_LOGIN && isStaffRole(readClaims(token)?.role ?? null)
          ? routes.staff
          : target;
      navigate(landing, { replace: true });
    } catch (error) {
      // spec §8: one generic message, whether the email is unknown or the password wrong; a lock-out also
      // says how long to wait.
      notifyError(t('login.failure'));
      setDetail(actionableFailure(error));
    }
  };

  return (
    <AuthCard title={t('login.heading')} intro={t('login.intro')}>
      <form onSubmit={handleSubmit(onSubmit)} noValidate aria-label={t('login.formName')}>
        <Stack gap="md">
          <TextInput
            label={t('login.emailAddress')}
            type="email"
            autoComplete="email"
            required
            error={fieldMessage(errors.emailAddress?.message)}
            {...register('emailAddress')}
          />
          <PasswordInput
            label={t('login.password')}
            autoComplete="current-password"
            required
            error={fieldMessage(errors.password?.message)}
            {...register('password')}
          />
          <Group justify="flex-end">
            <Anchor component={Link} to={routes.passwordReset} size="sm">
              {t('login.forgotPassword')}
            </Anchor>
          </Group>
          {detail ? (
            <Alert color="red" variant="light" role="alert">
              {detail}
            </Alert>
          ) : null}
          <Button type="submit" fullWidth size="md" loading={isSubmitting} disabled={isSubmitting}>
            {t('login.submit')}
          </Button>
        </Stack>
      </form>
      <Text ta="center" size="sm">
        {t('login.newHere', { center: site.shortName })}{' '}
        <Anchor component={Link} to={withRedirect(routes.register, target)} underline="always">
          {t('login.createAccount')}
        </Anchor>
      </Text>
    </AuthCard>
  );
}
