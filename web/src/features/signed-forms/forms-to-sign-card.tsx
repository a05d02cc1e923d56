import { type FormToSign, routes } from '@lc/contract';
import { Anchor, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { signedFormQueries } from '../../api/queries/signed-forms';
import { LoadFailed, Loading } from '../family/load-states';

/** The badge of a form's standing, in the reader's language. */
export function FormStatusBadge({ status }: { status: FormToSign['status'] }) {
  const { t } = useTranslation();
  const color = status === 'Signed' ? 'oak.8' : status === 'NeedsResign' ? 'honey.9' : 'blue.8';
  return (
    <Badge color={color} variant="filled" style={{ textTransform: 'none' }}>
      {t(`portal.forms.status.${status}`)}
    </Badge>
  );
}

/**
 * "Forms to sign" on the dashboard (issue 26; decision 036): every form of the children's programs still to
 * sign (a new version first, "needs your signature again"), each leading to its page; the signed ones after,
 * in a line each. Shows nothing while the family has no program with forms.
 */
export function FormsToSignCard() {
  const { t } = useTranslation();
  const forms = useQuery(signedFormQueries.list());
  if (forms.status === 'success' && forms.data.length === 0) return null;
  const toSign = forms.status === 'success' ? forms.data.filter((f) => f.status !== 'Signed') : [];
  const signed = forms.status === 'success' ? forms.data.filter((f) => f.status === 'Signed') : [];
  return (
    <Card withBorder radius="lg" padding="lg" component="section" aria-labelledby="forms-to-sign">
      <Title order={2} size="h3" id="forms-to-sign" mb="xs">
        {t('portal.forms.cardHeading')}
      </Title>
      {forms.status === 'pending' ? <Loading label={t('portal.forms.loading')} /> : null}
      {forms.status === 'error' ? (
        <LoadFailed message={t('portal.forms.loadFailed')} retry={() => forms.refetch()} />
      ) : null}
      {forms.status === 'success' && toSign.length === 0 ? (
        <Text size="sm">{t('portal.forms.allSigned')}</Text>
      ) : null}
      {[toSign, signed].map((list, i) =>
        list.length > 0 ? (
          <Stack key={i} component="ul" gap="xs" mt="xs" style={{ listStyle: 'none', padding: 0 }}>
            {list.map((form) => (
              <Group key={`${form.formId}-${form.studentId ?? 'family'}`} component="li" gap="sm" wrap="wrap">
                <Anchor component={Link} to={routes.familyForm(form.formId, form.studentId)} fw={600}>
                  {form.childName
                    ? t('portal.forms.formForChild', { title: form.title, child: form.childName })
                    : t('portal.forms.formForFamily', { title: form.title })}
                </Anchor>
                <FormStatusBadge status={form.status} />
                {form.status !== 'Signed' && form.requirement === 'Blocking' ? (
                  <Text size="sm" c="dimmed">
                    {t('portal.forms.neededToEnroll')}
                  </Text>
                ) : null}
              </Group>
            ))}
          </Stack>
        ) : null,
      )}
    </Card>
  );
}
