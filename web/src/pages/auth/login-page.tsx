import { zodResolver } from '@hookform/resolvers/zod';
import { type LoginInput, LoginSchema, routes } from '@lc/contract';
import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
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
import { PasswordField, TextField } from '../../features/forms/fields.tsx';
import { FormFailure, useSubmit } from '../../features/forms/use-submit.tsx';
import { usePageTitle } from '../../layout/use-page-title.ts';
import { isStaffRole, readClaims, setToken } from '../../lib/auth-token.ts';

/** /login (spec §2, §4, §5, §8). Goes back to the page the guard remembered, or ?redirect=, or /dashboard. */
export default function LoginPage() {
  const { t } = useTranslation();
  usePageTitle(t('login.pageTitle'));
  const location = useLocation();
  const navigate = useNavigate();
  const target = redirectTarget(location.state, location.search);

  const form = useForm<LoginInput, unknown, z.output<typeof LoginSchema>>({
    resolver: zodResolver(LoginSchema),
    mode: 'onTouched',
    defaultValues: { emailAddress: '', password: '' },
  });
  const { onSubmit, failure, submitting } = useSubmit(form, {
    action: async (values) => {
      const token = await login(values);
      setToken(token);
      void syncLanguageAfterSignIn();
      return token;
    },
    // The server's field messages are not shown here: the toast says all there is (spec §8).
    fields: [],
    success: t('login.success'),
    onSuccess: (token) => {
      // Staff land on the staff side unless they were on their way somewhere (issue 10; parents: spec §2).
      const landing =
        target === DEFAULT_AFTER_LOGIN && isStaffRole(readClaims(token)?.role ?? null)
          ? routes.staff
          : target;
      navigate(landing, { replace: true });
    },
    // spec §8: one generic message, whether the email is unknown or the password wrong; a lock-out also
    // says how long to wait, in the form's alert.
    failureToast: t('login.failure'),
    alert: actionableFailure,
  });

  return (
    <AuthCard title={t('login.heading')} intro={t('login.intro')}>
      <form onSubmit={onSubmit} noValidate aria-label={t('login.formName')}>
        <Stack gap="md">
          <TextField
            form={form}
            name="emailAddress"
            label={t('login.emailAddress')}
            type="email"
            autoComplete="email"
            required
          />
          <PasswordField
            form={form}
            name="password"
            label={t('login.password')}
            autoComplete="current-password"
            required
          />
          <Group justify="flex-end">
            <Anchor component={Link} to={routes.passwordReset} size="sm">
              {t('login.forgotPassword')}
            </Anchor>
          </Group>
          <FormFailure failure={failure} />
          <Button type="submit" fullWidth size="md" loading={submitting} disabled={submitting}>
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
