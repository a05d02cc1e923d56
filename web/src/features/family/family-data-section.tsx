/**
 * "Your family's data" on the portal's home (issue 13): **Download our data** saves one ZIP with everything
 * the center holds about the family (`GET /api/Family/Export`: family.json and a CSV per table); **Close our
 * account** erases the family's details after the password is typed again (`POST /api/Family/Close`).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { CloseAccountSchema, routes } from '@lc/contract';
import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { closeFamilyAccount, downloadFamilyData } from '../../api/family-sharing';
import { saveFile } from '../../lib/save-file';
import { failureMessage } from '../forms/feedback';
import { PasswordField } from '../forms/fields';
import { notifySuccess } from '../forms/notify';
import { FormFailure, useSubmit } from '../forms/use-submit';
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
            const { blob, fileName } = await downloadFamilyData();
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

/**
 * "Close our account": what it does, the password again, and the center's reason when it cannot be done yet.
 * The dialog cannot be closed while the request is on its way.
 */
function CloseAccount() {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [busy, setBusy] = useState(false);
  const close = () => {
    if (!busy) setOpened(false);
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
        {/* Inside the dialog, so each opening starts empty: no password, no message left from before. */}
        <CloseAccountForm onCancel={close} onBusy={setBusy} />
      </FamilyDialog>
    </>
  );
}

/**
 * The password again (the contract's CloseAccountSchema), then `POST /api/Family/Close`: a wrong password is
 * said by the field, any other refusal (money still on its way) in the form's alert, in the family's
 * language; once closed, the parent is signed out the usual way.
 */
function CloseAccountForm({ onCancel, onBusy }: { onCancel: () => void; onBusy: (busy: boolean) => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useForm<z.input<typeof CloseAccountSchema>>({
    resolver: zodResolver(CloseAccountSchema),
    // A message stays by the field until the next try.
    reValidateMode: 'onSubmit',
    defaultValues: { password: '' },
  });
  const { onSubmit, failure, submitting } = useSubmit(form, {
    action: (values) => closeFamilyAccount(values),
    fields: ['password'],
    onSuccess: () => {
      // Signed out the usual way (/logout clears the session and shows the login page).
      navigate(routes.logout, { replace: true });
      notifySuccess(t('family.familyData.closed'));
    },
    alert: (error) => {
      const reason = failureMessage(error, t('family.familyData.closeFailed'));
      return reason;
    },
  });
  useEffect(() => onBusy(submitting), [onBusy, submitting]);
  return (
    <form noValidate onSubmit={onSubmit}>
      <Stack>
        <Text size="sm">{t('family.familyData.closeExplained')}</Text>
        <FormFailure failure={failure} />
        <PasswordField
          form={form}
          name="password"
          label={t('family.familyData.password')}
          autoComplete="current-password"
          data-autofocus
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={submitting}>
            {t('family.familyData.keep')}
          </Button>
          <Button type="submit" color="red" loading={submitting}>
            {t('family.familyData.close')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
