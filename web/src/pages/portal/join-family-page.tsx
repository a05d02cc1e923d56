import { routes } from '@lc/contract';
import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { acceptInvitation } from '../../api/family-sharing';
import { familySharingQueries } from '../../api/queries/family-sharing';
import { Loading } from '../../features/family/load-states';
import { failureMessage } from '../../features/forms/feedback';
import { notifySuccess } from '../../features/forms/notify';
import { joinFirstNames } from '../../features/passes/format';
import { i18n } from '../../i18n/i18n';
import { usePageTitle } from '../../layout/use-page-title';

/** "Maya and Leo", or "the children" when none are named yet (in the language shown now). */
const names = (list: readonly string[]) => joinFirstNames(list, i18n.t('family.common.theChildren'));

/**
 * /dashboard/family/join/{token} (issue 13): the link in a co-parent invitation. The guard sends a parent who
 * is not signed in to log in or register first and back here; the page says who invited them and for which
 * children, and accepting shares the family. A used, withdrawn or expired link, or a link sent to another
 * address, is explained in plain words with what to do.
 */
export default function JoinFamilyPage() {
  const { t } = useTranslation();
  usePageTitle(t('family.join.title'));
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const preview = useQuery(familySharingQueries.invitation(token));
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  // The server's reason (used, withdrawn, expired, another address) in the reader's language.
  const said = (error: unknown, fallback: string) => {
    const reason = failureMessage(error, fallback);
    return reason;
  };
  const problem = preview.status === 'error' ? said(preview.error, t('family.join.openFailed')) : null;
  return (
    <Stack gap="lg" pt="xl" maw={640}>
      <Title order={1}>{t('family.join.title')}</Title>
      {preview.status === 'pending' ? <Loading label={t('family.join.opening')} /> : null}
      {problem ? (
        <Alert color="red" variant="light" role="alert" title={t('family.join.cannotUse')}>
          <Text size="sm">{problem}</Text>
          <Button component={Link} to={routes.dashboard} variant="default" mt="sm">
            {t('family.join.goToPortal')}
          </Button>
        </Alert>
      ) : null}
      {preview.status === 'success' ? (
        <Card withBorder radius="lg" padding="lg">
          <Text>
            <Trans
              i18nKey="family.join.invited"
              values={{ invitedBy: preview.data.invitedBy, children: names(preview.data.childNames) }}
              components={{ strong: <strong /> }}
            />
          </Text>
          <Text size="sm" mt="sm">
            {t('family.join.explained', { parents: names(preview.data.parentNames) })}
          </Text>
          {preview.data.alreadyInFamily ? (
            <Alert color="yellow" variant="light" mt="md">
              {t('family.join.alreadyInFamily')}
            </Alert>
          ) : null}
          {refusal ? (
            <Alert color="red" variant="light" role="alert" mt="md">
              {refusal}
            </Alert>
          ) : null}
          <Group mt="lg" gap="sm">
            <Button
              loading={busy}
              disabled={preview.data.alreadyInFamily}
              onClick={async () => {
                setBusy(true);
                setRefusal(null);
                try {
                  await acceptInvitation(token);
                  notifySuccess(t('family.join.shared', { children: names(preview.data.childNames) }));
                  navigate(routes.myStudents);
                } catch (error) {
                  setRefusal(said(error, t('family.join.acceptFailed')));
                } finally {
                  setBusy(false);
                }
              }}
            >
              {t('family.join.accept')}
            </Button>
            <Button component={Link} to={routes.dashboard} variant="default">
              {t('family.join.notNow')}
            </Button>
          </Group>
        </Card>
      ) : null}
    </Stack>
  );
}
