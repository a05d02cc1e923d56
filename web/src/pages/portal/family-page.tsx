import { zodResolver } from '@hookform/resolvers/zod';
import { type CoParentFamily, dateTimeFormat, fieldMessage } from '@lc/contract';
import { Button, Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { inviteCoParent, leaveFamily, withdrawInvitation } from '../../api/family-sharing';
import { familySharingQueries } from '../../api/queries/family-sharing';
import { familySharingKeys } from '../../api/query-keys';
import { FamilyDialog } from '../../features/family/family-dialog';
import { LoadFailed, Loading } from '../../features/family/load-states';
import { failureMessage } from '../../features/forms/feedback';
import { TextField } from '../../features/forms/fields';
import { notifyError, notifySuccess } from '../../features/forms/notify';
import { FormFailure, useSubmit } from '../../features/forms/use-submit';
import { joinFirstNames } from '../../features/passes/format';
import { intlLocale } from '../../i18n/intl-locale';
import { usePageTitle } from '../../layout/use-page-title';

/** "December 1" ("1 de diciembre") in the language shown now: built on first use (contract `intl.ts`). */
const dateFormat = () => dateTimeFormat(intlLocale(), { month: 'long', day: 'numeric' });

/** Said by the email field when it is left empty (a field message of the contract's files). */
const EMAIL_NEEDED = fieldMessage('fields.family.inviteEmailRequired');

/** The invitation: an address, trimmed (the server checks its form and says why it refuses one). */
const InviteSchema = z.object({ emailAddress: z.string().trim().min(1, EMAIL_NEEDED) });

/**
 * /dashboard/family (issue 13, co-parents): who shares the family's portal, inviting another parent by
 * email, withdrawing an invitation, and leaving. Removing the other parent is the center's job (the page
 * says so): custody disputes are not settled by whoever clicks first.
 */
export default function FamilyPage() {
  const { t } = useTranslation();
  usePageTitle(t('family.familySharing.title'));
  const queryClient = useQueryClient();
  const family = useQuery(familySharingQueries.family());
  // An invitation sent or withdrawn, or the family left: read who shares it again.
  const reload = () => void queryClient.invalidateQueries({ queryKey: familySharingKeys.family() });
  return (
    <Stack gap="lg" pt="xl">
      <div>
        <Title order={1}>{t('family.familySharing.title')}</Title>
        <Text mt={4} maw={640}>
          {t('family.familySharing.intro')}
        </Text>
      </div>
      {family.status === 'pending' ? <Loading label={t('family.familySharing.loading')} /> : null}
      {family.status === 'error' ? (
        <LoadFailed message={t('family.familySharing.loadFailed')} retry={() => family.refetch()} />
      ) : null}
      {family.status === 'success' ? <Sharing family={family.data} changed={reload} /> : null}
    </Stack>
  );
}

function Sharing({ family, changed }: { family: CoParentFamily; changed: () => void }) {
  const { t } = useTranslation();
  const shared = family.parents.length > 1;
  return (
    <>
      <Card component="section" aria-labelledby="family-parents" withBorder radius="lg" padding="lg">
        <Title order={2} size="h3" id="family-parents" mb="sm">
          {t('family.familySharing.parents')}
        </Title>
        <List spacing="xs" listStyleType="none" p={0}>
          {family.parents.map((parent) => (
            <List.Item key={parent.id}>
              <Group gap="xs">
                <Text fw={600}>
                  {parent.firstName} {parent.lastName}
                </Text>
                <Text c="dimmed" size="sm">
                  {parent.emailAddress}
                </Text>
                {parent.isYou ? (
                  <Text size="sm" fw={600}>
                    {t('family.familySharing.you')}
                  </Text>
                ) : null}
              </Group>
            </List.Item>
          ))}
        </List>
        {shared ? (
          <LeaveFamily family={family} changed={changed} />
        ) : (
          <Text size="sm" mt="sm">
            {t('family.familySharing.onlyYou', { children: joinFirstNames(family.childNames) })}
          </Text>
        )}
      </Card>
      <InviteParent family={family} changed={changed} />
    </>
  );
}

/** The invitation form and the invitations still open, each with "Withdraw". */
function InviteParent({ family, changed }: { family: CoParentFamily; changed: () => void }) {
  const { t } = useTranslation();
  const form = useForm<z.input<typeof InviteSchema>, unknown, z.output<typeof InviteSchema>>({
    resolver: zodResolver(InviteSchema),
    // A message stays by the field until the next try, as the server's do.
    reValidateMode: 'onSubmit',
    defaultValues: { emailAddress: '' },
  });
  const { onSubmit, failure, submitting } = useSubmit(form, {
    action: ({ emailAddress }) => inviteCoParent(emailAddress),
    fields: ['emailAddress'],
    onSuccess: (_, { emailAddress }) => {
      form.reset();
      notifySuccess(t('family.familySharing.invited', { email: emailAddress.toLowerCase() }));
      changed();
    },
    // The server's reason (in the page's language), or "not sent".
    alert: (error) => {
      const reason = failureMessage(error, t('family.familySharing.inviteFailed'));
      return reason;
    },
  });
  return (
    <Card component="section" aria-labelledby="family-invite" withBorder radius="lg" padding="lg">
      <Title order={2} size="h3" id="family-invite" mb={6}>
        {t('family.familySharing.invite')}
      </Title>
      <Text size="sm" mb="sm" maw={640}>
        {t('family.familySharing.inviteExplained')}
      </Text>
      <form noValidate onSubmit={onSubmit}>
        <Stack gap="sm">
          <Group align="flex-start" gap="sm" wrap="wrap">
            <TextField
              form={form}
              name="emailAddress"
              label={t('family.familySharing.email')}
              type="email"
              autoComplete="off"
              w={{ base: '100%', sm: 340 }}
            />
            <Button type="submit" loading={submitting} mt={{ base: 0, sm: 25 }}>
              {t('family.familySharing.send')}
            </Button>
          </Group>
          <FormFailure failure={failure} />
        </Stack>
      </form>
      {family.invitations.length > 0 ? (
        <>
          <Title order={3} size="h4" mt="lg" mb="xs">
            {t('family.familySharing.waiting')}
          </Title>
          <List spacing="xs" listStyleType="none" p={0}>
            {family.invitations.map((invitation) => (
              <List.Item key={invitation.id}>
                <Group gap="sm">
                  <Text>
                    {invitation.emailAddress}{' '}
                    <Text span c="dimmed" size="sm">
                      {t('family.familySharing.sentBy', {
                        name: invitation.invitedBy,
                        date: dateFormat().format(new Date(invitation.expiresAt)),
                      })}
                    </Text>
                  </Text>
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    aria-label={t('family.familySharing.withdrawLabel', { email: invitation.emailAddress })}
                    onClick={async () => {
                      try {
                        await withdrawInvitation(invitation.id);
                        notifySuccess(
                          t('family.familySharing.withdrawn', { email: invitation.emailAddress }),
                        );
                        changed();
                      } catch {
                        notifyError(t('family.familySharing.withdrawFailed'));
                      }
                    }}
                  >
                    {t('family.familySharing.withdraw')}
                  </Button>
                </Group>
              </List.Item>
            ))}
          </List>
        </>
      ) : null}
    </Card>
  );
}

/** "Leave this family", confirmed in a dialog that says what stays and what goes. */
function LeaveFamily({ family, changed }: { family: CoParentFamily; changed: () => void }) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [busy, setBusy] = useState(false);
  const others = family.parents.filter((p) => !p.isYou).map((p) => `${p.firstName} ${p.lastName}`);
  return (
    <>
      <Text size="sm" mt="md" maw={640}>
        {t('family.familySharing.leaveExplained')}
      </Text>
      <Button variant="outline" color="red" mt="sm" onClick={() => setOpened(true)}>
        {t('family.familySharing.leave')}
      </Button>
      <FamilyDialog
        opened={opened}
        onClose={() => !busy && setOpened(false)}
        title={t('family.familySharing.leaveTitle')}
      >
        <Stack>
          <Text size="sm">
            {t('family.familySharing.leaveWarning', {
              children: joinFirstNames(family.childNames),
              others: joinFirstNames(others),
            })}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setOpened(false)} disabled={busy} data-autofocus>
              {t('family.familySharing.stay')}
            </Button>
            <Button
              color="red"
              loading={busy}
              onClick={async () => {
                setBusy(true);
                try {
                  await leaveFamily();
                  setOpened(false);
                  notifySuccess(t('family.familySharing.left'));
                  changed();
                } catch (error) {
                  const reason = failureMessage(error, t('family.familySharing.leaveFailed'));
                  notifyError(reason);
                } finally {
                  setBusy(false);
                }
              }}
            >
              {t('family.familySharing.leave')}
            </Button>
          </Group>
        </Stack>
      </FamilyDialog>
    </>
  );
}
