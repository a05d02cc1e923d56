/**
 * "Where you are signed in" on the portal's home (issue 21, decision 016): **Log out everywhere** ends every
 * session of the account on the server — this one included, as the card says — so a token copied or left on
 * another device stops working at once; then this browser goes to the login page.
 */
import { routes } from '@lc/contract';
import { Alert, Button, Card, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { logOutEverywhere } from '../../api/auth.ts';
import { notifySuccess } from '../forms/notify.ts';

export function SignInsSection() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  return (
    <Card component="section" aria-labelledby="sign-ins" withBorder radius="lg" padding="lg">
      <Title order={2} size="h3" id="sign-ins" mb={6}>
        {t('portal.signIns.heading')}
      </Title>
      <Text size="sm" mb="sm">
        {t('portal.signIns.description')}
      </Text>
      {failed ? (
        <Alert color="red" variant="light" role="alert" mb="sm">
          {t('portal.signIns.failed')}
        </Alert>
      ) : null}
      <Button
        variant="default"
        loading={busy}
        onClick={async () => {
          setBusy(true);
          setFailed(false);
          try {
            await logOutEverywhere();
            notifySuccess(t('portal.signIns.done'));
            navigate(routes.login, { replace: true });
          } catch {
            setFailed(true);
            setBusy(false);
          }
        }}
      >
        {t('portal.signIns.logOutEverywhere')}
      </Button>
    </Card>
  );
}
