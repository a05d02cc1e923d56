import type { Policy } from '@lc/contract';
import { Checkbox, Paper, Stack, Text, Title } from '@mantine/core';
import { useFormState } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { FormOf } from '../forms/fields.tsx';
import { policyName } from './format.ts';
import { PolicyText } from './policy-text.tsx';
import type { EnrollValues } from './use-enroll-form.ts';

/**
 * The enroll form's policies section: each of the session's policies in full with its "I accept" checkbox;
 * a policy not accepted says so under its checkbox, tied to it by `aria-describedby`.
 */
export function PolicyAcceptance({
  form,
  policies,
}: {
  form: FormOf<EnrollValues>;
  policies: readonly Policy[];
}) {
  const { t } = useTranslation();
  const { errors } = useFormState({ control: form.control, name: 'accepted' });
  return (
    <section aria-labelledby="policies-heading">
      <Title order={2} size="h3" id="policies-heading">
        {t('enroll.enroll.policiesHeading')}
      </Title>
      <Text mt={4}>{t('enroll.enroll.policiesIntro')}</Text>
      <Stack gap="md" mt="md">
        {policies.map((policy) => {
          const headingId = `policy-${policy.policyType}`;
          const errorId = `policy-${policy.policyType}-error`;
          const error = errors.accepted?.[policy.policyType]
            ? t('enroll.enroll.acceptError', { policy: policyName(policy) })
            : undefined;
          return (
            <Paper key={policy.id} withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
              <Title order={3} size="h4" id={headingId} mb="xs">
                {policy.name}
              </Title>
              <PolicyText policy={policy} labelledBy={headingId} />
              <Checkbox
                mt="md"
                size="md"
                required
                label={t('enroll.enroll.accept', { policy: policyName(policy) })}
                // Mantine does not tie a checkbox's error to it; the id and aria-describedby do.
                error={error ? <span id={errorId}>{error}</span> : undefined}
                aria-describedby={error ? errorId : undefined}
                aria-invalid={error ? true : undefined}
                {...form.register(`accepted.${policy.policyType}`)}
              />
            </Paper>
          );
        })}
      </Stack>
    </section>
  );
}
