/**
 * "Your family's data" on the portal's home (issue 13): **Download our data** saves one ZIP with everything
 * the center holds about the family (`GET /api/Family/Export`: family.json and a CSV per table); **Close our
 * account** erases the family's details after the password is typed again (`POST /api/Family/Close`).
 */
import { api, routes } from '@lc/contract';
import { Alert, Button, Card, Group, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError, apiDownload, apiRequest } from '../../api/client';
import { useFieldMessage } from '../../i18n/field-messages';
import { saveFile } from '../../lib/save-file';
import { notifySuccess } from '../forms/notify';
import { FamilyDialog } from './family-dialog';

export function FamilyDataSection() {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  return (
    <Card component="section" aria-labelledby="family-data" withBorder radius="lg" padding="lg">
      <Title order={2} size="h3" id="family-data" mb={6}>
        {t('family.familyData.heading')}
      </Title>
      <Text size="sm" mb="sm">
        {t('family.familyData.description')}
      </Text>
      {failed ? (
        <Alert color="red" variant="light" role="alert" mb="sm">
          {t('family.familyData.downloadFailed')}
        </Alert>
      ) : null}
      <Button
        variant="default"
        loading={busy}
        onClick={async () => {
          setBusy(true);
          setFailed(false);
          try {
            const { blob, fileName } = await apiDownload(api.familyExport);
            saveFile(blob, fileName);
          } catch {
            setFailed(true);
          } finally {
            setBusy(false);
          }
        }}
      >
        {t('family.familyData.download')}
      </Button>
      <CloseAccount />
    </Card>
  );
}

/** "Close our account": what it does, the password again, and the center's reason when it cannot be done yet. */
function CloseAccount() {
  const { t } = useTranslation();
  const fieldMessage = useFieldMessage();
  const navigate = useNavigate();
  const [opened, setOpened] = useState(false);
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const passwordRef = useRef<HTMLInputElement>(null);
  const close = () => {
    if (busy) return;
    setOpened(false);
    setPassword('');
    setFieldError(null);
    setRefusal(null);
  };
  return (
    <>
      <Text size="sm" mt="lg" mb="sm">
        {t('family.familyData.closeIntro')}
      </Text>
      <Button variant="outline" color="red" onClick={() => setOpened(true)}>
        {t('family.familyData.close')}
      </Button>
      <FamilyDialog opened={opened} onClose={close} title={t('family.familyData.close')}>
        <form
          noValidate
          onSubmit={async (event) => {
            event.preventDefault();
            setFieldError(null);
            setRefusal(null);
            if (!password) {
              // The contract's words (CloseAccountSchema), shown in the family's language below.
              setFieldError('Type your password to confirm');
              passwordRef.current?.focus();
              return;
            }
            setBusy(true);
            try {
              await apiRequest(api.familyClose, { method: 'POST', body: { password } });
              // Signed out the usual way (/logout clears the session and shows the login page).
              navigate(routes.logout, { replace: true });
              notifySuccess(t('family.familyData.closed'));
            } catch (error) {
              if (error instanceof ApiError && error.fields.password) {
                setFieldError(error.fields.password);
                passwordRef.current?.focus();
              } else {
                setRefusal(
                  error instanceof ApiError
                    ? (fieldMessage(error.message) ?? error.message)
                    : t('family.familyData.closeFailed'),
                );
              }
            } finally {
              setBusy(false);
            }
          }}
        >
          <Stack>
            <Text size="sm">{t('family.familyData.closeExplained')}</Text>
            {refusal ? (
              <Alert color="red" variant="light" role="alert">
                {refusal}
              </Alert>
            ) : null}
            <PasswordInput
              ref={passwordRef}
              label={t('family.familyData.password')}
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
              error={fieldMessage(fieldError ?? undefined)}
              data-autofocus
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close} disabled={busy}>
                {t('family.familyData.keep')}
              </Button>
              <Button type="submit" color="red" loading={busy}>
                {t('family.familyData.close')}
              </Button>
            </Group>
          </Stack>
        </form>
      </FamilyDialog>
    </>
  );
}
