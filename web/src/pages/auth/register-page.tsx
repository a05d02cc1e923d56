import { zodResolver } from '@hookform/resolvers/zod';
import { type RegisterInput, RegisterSchema, routes } from '@lc/contract';
import { Anchor, Button, SimpleGrid, Stack, Text } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import type { z } from 'zod';
import { register as registerAccount } from '../../api/auth.ts';
import { AuthCard } from '../../features/auth/auth-card.tsx';
import { redirectTarget, withRedirect } from '../../features/auth/safe-redirect.ts';
import { PasswordField, TextField } from '../../features/forms/fields.tsx';
import { useSubmit } from '../../features/forms/use-submit.tsx';
import { usePageTitle } from '../../layout/use-page-title.ts';
import { setToken } from '../../lib/auth-token.ts';

/**
 * What an invitation from the center's inbox filled in (`#firstName=…&lastName=…&email=…`, contract
 * `registerPrefillQuery`; the same keys in the query work too), so the family does not retype it. Only
 * text; anything longer than a field allows is left for the form's own checks to report.
 */
function prefill(hash: string, search: string): RegisterInput {
  const params = new URLSearchParams(hash.replace(/^#/, '') || search);
  const text = (key: string) => (params.get(key) ?? '').slice(0, 254);
  return {
    firstName: text('firstName'),
    lastName: text('lastName'),
    emailAddress: text('email'),
    password: '',
  };
}

/** /register?redirect=… (spec §2, §4, §5, §8). Default destination /dashboard. */
export default function RegisterPage() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('register.pageTitle'));
  const location = useLocation();
  const navigate = useNavigate();
  const target = redirectTarget(location.state, location.search);

  const form = useForm<RegisterInput, unknown, z.output<typeof RegisterSchema>>({
    resolver: zodResolver(RegisterSchema),
    mode: 'onTouched',
    defaultValues: prefill(location.hash, location.search),
  });
  const { onSubmit, submitting } = useSubmit(form, {
    action: async (values) => {
      // The family's emails are written in the language they signed up in (issue 14).
      setToken(await registerAccount({ ...values, language: i18n.language === 'es' ? 'es' : 'en' }));
    },
    fields: ['firstName', 'lastName', 'emailAddress', 'password'],
    success: t('register.success'),
    onSuccess: () => navigate(target, { replace: true }),
    // spec §8's message always; an address that already has an account is also said by its field.
    failureToast: t('register.failure'),
    alert: () => null,
  });

  return (
    <AuthCard title={t('register.heading')} intro={t('register.intro')}>
      <form onSubmit={onSubmit} noValidate aria-label={t('register.heading')}>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <TextField
              form={form}
              name="firstName"
              label={t('register.firstName')}
              autoComplete="given-name"
              required
            />
            <TextField
              form={form}
              name="lastName"
              label={t('register.lastName')}
              autoComplete="family-name"
              required
            />
          </SimpleGrid>
          <TextField
            form={form}
            name="emailAddress"
            label={t('register.emailAddress')}
            type="email"
            autoComplete="email"
            required
          />
          <PasswordField
            form={form}
            name="password"
            label={t('register.password')}
            description={t('register.passwordHint')}
            autoComplete="new-password"
            required
          />
          <Text size="sm">
            <Trans
              i18nKey="register.agreeToTerms"
              components={{ terms: <Anchor component={Link} to={routes.terms} inherit underline="always" /> }}
            />
          </Text>
          <Button type="submit" fullWidth size="md" loading={submitting} disabled={submitting}>
            {t('register.submit')}
          </Button>
        </Stack>
      </form>
      <Text ta="center" size="sm">
        {t('register.haveAccount')}{' '}
        <Anchor component={Link} to={withRedirect(routes.login, target)} underline="always">
          {t('register.login')}
        </Anchor>
      </Text>
    </AuthCard>
  );
}
