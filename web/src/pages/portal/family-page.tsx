import { type CoParentFamily, dateTimeFormat } from '@lc/contract';
import { Alert, Button, Card, Group, List, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import { getFamily, inviteCoParent, leaveFamily, withdrawInvitation } from '../../api/family-sharing';
import { familySharingKeys } from '../../api/query-keys';
import { FamilyDialog } from '../../features/family/family-dialog';
import { LoadFailed, Loading } from '../../features/family/load-states';
import { notifyError, notifySuccess } from '../../features/forms/notify';
import { joinFirstNames } from '../../features/passes/format';
import { useFieldMessage } from '../../i18n/field-messages';
import { intlLocale } from '../../i18n/intl-locale';
import { usePageTitle } from '../../layout/use-page-title';

/** "December 1" ("1 de diciembre") in the language shown now: built on first use (contract `intl.ts`). */
const dateFormat = () => dateTimeFormat(intlLocale(), { month: 'long', day: 'numeric' });

/** Said by the email field when it is left empty; shown in the family's language (`family.fieldMessages`). */
const EMAIL_NEEDED = 'Enter the other parent’s email address';

/**
 * /dashboard/family (issue 13, co-parents): who shares the family's portal, inviting another parent by
 * email, withdrawing an invitation, and leaving. Removing the other parent is the center's job (the page
 * says so): custody disputes are not settled by whoever clicks first.
 */
export default function FamilyPage() {
  const { t } = useTranslation();
  usePageTitle(t('family.familySharing.title'));
  const queryClient = useQueryClient();
  const family = useQuery({
    queryKey: familySharingKeys.family(),
    queryFn: ({ signal }) => getFamily(signal),
  });
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
  const fieldMessage = useFieldMessage();
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const fail = (message: string) => {
    setFieldError(message);
    inputRef.current?.focus();
  };
  return (
    <Card component="section" aria-labelledby="family-invite" withBorder radius="lg" padding="lg">
      <Title order={2} size="h3" id="family-invite" mb={6}>
        {t('family.familySharing.invite')}
      </Title>
      <Text size="sm" mb="sm" maw={640}>
        {t('family.familySharing.inviteExplained')}
      </Text>
      <form
        noValidate
        onSubmit={async (event) => {
          event.preventDefault();
          setFieldError(null);
          setRefusal(null);
          const address = email.trim();
          if (!address) return fail(EMAIL_NEEDED);
          setBusy(true);
          try {
            await inviteCoParent(address);
            setEmail('');
            notifySuccess(t('family.familySharing.invited', { email: address.toLowerCase() }));
            changed();
          } catch (error) {
            if (error instanceof ApiError && error.fields.emailAddress) fail(error.fields.emailAddress);
            else
              setRefusal(
                error instanceof ApiError
                  ? (fieldMessage(error.message) ?? error.message)
                  : t('family.familySharing.inviteFailed'),
              );
          } finally {
            setBusy(false);
          }
        }}
      >
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            ref={inputRef}
            label={t('family.familySharing.email')}
            type="email"
            autoComplete="off"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={fieldMessage(fieldError ?? undefined)}
            w={{ base: '100%', sm: 340 }}
          />
          <Button type="submit" loading={busy} mt={{ base: 0, sm: 25 }}>
            {t('family.familySharing.send')}
          </Button>
        </Group>
        {refusal ? (
          <Alert color="red" variant="light" role="alert" mt="sm">
            {refusal}
          </Alert>
        ) : null}
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
  const fieldMessage = useFieldMessage();
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
                  notifyError(
                    error instanceof ApiError
                      ? (fieldMessage(error.message) ?? error.message)
                      : t('family.familySharing.leaveFailed'),
                  );
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
