import { type CoParentFamily, dateTimeFormat } from '@lc/contract';
import { Alert, Button, Card, Group, List, Stack, Text, TextInput, Title } from '@mantine/core';
import { useRef, useState } from 'react';
import { ApiError } from '../../api/client';
import { getFamily, inviteCoParent, leaveFamily, withdrawInvitation } from '../../api/family-sharing';
import { LoadFailed, Loading } from '../../features/family/load-states';
import { notifyError, notifySuccess } from '../../features/forms/notify';
import { joinFirstNames } from '../../features/passes/format';
import { StaffDialog } from '../../features/staff/staff-dialog';
import { usePageTitle } from '../../layout/use-page-title';
import { useLoad } from '../../lib/use-load';

/** "December 1": built on first use (contract `intl.ts`). */
const dateFormat = () => dateTimeFormat('en-US', { month: 'long', day: 'numeric' });

/**
 * /dashboard/family (issue 13, co-parents): who shares the family's portal, inviting another parent by
 * email, withdrawing an invitation, and leaving. Removing the other parent is the center's job (the page
 * says so): custody disputes are not settled by whoever clicks first.
 */
export default function FamilyPage() {
  usePageTitle('Family sharing');
  const [version, setVersion] = useState(0);
  const family = useLoad(`family-sharing:${version}`, (signal) => getFamily(signal));
  const reload = () => setVersion((v) => v + 1);
  return (
    <Stack gap="lg" pt="xl">
      <div>
        <Title order={1}>Family sharing</Title>
        <Text mt={4} maw={640}>
          Share your Student Portal with another parent or guardian. You both see and manage the same
          children, allergies, emergency contacts, enrollments, waitlist places, announcements and payments.
        </Text>
      </div>
      {family.status === 'loading' ? <Loading label="Loading your family…" /> : null}
      {family.status === 'error' ? (
        <LoadFailed message="We could not load who shares your family." retry={family.retry} />
      ) : null}
      {family.status === 'success' ? <Sharing family={family.data} changed={reload} /> : null}
    </Stack>
  );
}

function Sharing({ family, changed }: { family: CoParentFamily; changed: () => void }) {
  const shared = family.parents.length > 1;
  return (
    <>
      <Card component="section" aria-labelledby="family-parents" withBorder radius="lg" padding="lg">
        <Title order={2} size="h3" id="family-parents" mb="sm">
          Parents on this portal
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
                    (you)
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
            Only you manage {joinFirstNames(family.childNames)} for now.
          </Text>
        )}
      </Card>
      <InviteParent family={family} changed={changed} />
    </>
  );
}

/** The invitation form and the invitations still open, each with "Withdraw". */
function InviteParent({ family, changed }: { family: CoParentFamily; changed: () => void }) {
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
        Invite another parent
      </Title>
      <Text size="sm" mb="sm" maw={640}>
        We email them a link that works once, for 7 days. They log in or create an account with that email
        address and accept; their own children on our portal, if any, are shared with you too.
      </Text>
      <form
        noValidate
        onSubmit={async (event) => {
          event.preventDefault();
          setFieldError(null);
          setRefusal(null);
          const address = email.trim();
          if (!address) return fail('Enter the other parent’s email address');
          setBusy(true);
          try {
            await inviteCoParent(address);
            setEmail('');
            notifySuccess(`We emailed an invitation to ${address.toLowerCase()}.`);
            changed();
          } catch (error) {
            if (error instanceof ApiError && error.fields.emailAddress) fail(error.fields.emailAddress);
            else
              setRefusal(
                error instanceof ApiError
                  ? error.message
                  : 'We could not send the invitation. Please try again.',
              );
          } finally {
            setBusy(false);
          }
        }}
      >
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            ref={inputRef}
            label="Their email address"
            type="email"
            autoComplete="off"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={fieldError}
            w={{ base: '100%', sm: 340 }}
          />
          <Button type="submit" loading={busy} mt={{ base: 0, sm: 25 }}>
            Send invitation
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
            Waiting to be accepted
          </Title>
          <List spacing="xs" listStyleType="none" p={0}>
            {family.invitations.map((invitation) => (
              <List.Item key={invitation.id}>
                <Group gap="sm">
                  <Text>
                    {invitation.emailAddress}{' '}
                    <Text span c="dimmed" size="sm">
                      (sent by {invitation.invitedBy}, works until{' '}
                      {dateFormat().format(new Date(invitation.expiresAt))})
                    </Text>
                  </Text>
                  <Button
                    size="compact-sm"
                    variant="subtle"
                    aria-label={`Withdraw the invitation to ${invitation.emailAddress}`}
                    onClick={async () => {
                      try {
                        await withdrawInvitation(invitation.id);
                        notifySuccess(`The invitation to ${invitation.emailAddress} no longer works.`);
                        changed();
                      } catch {
                        notifyError('We could not withdraw the invitation. Please try again.');
                      }
                    }}
                  >
                    Withdraw
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
  const [opened, setOpened] = useState(false);
  const [busy, setBusy] = useState(false);
  const others = family.parents.filter((p) => !p.isYou).map((p) => `${p.firstName} ${p.lastName}`);
  return (
    <>
      <Text size="sm" mt="md" maw={640}>
        Either parent can leave at any time. To take another parent off your family’s portal, please ask us:
        we handle that with both of you, so nobody is removed by a click.
      </Text>
      <Button variant="outline" color="red" mt="sm" onClick={() => setOpened(true)}>
        Leave this family
      </Button>
      <StaffDialog opened={opened} onClose={() => !busy && setOpened(false)} title="Leave this family?">
        <Stack>
          <Text size="sm">
            You will no longer see or manage {joinFirstNames(family.childNames)}. Their details, places and
            contacts stay with {joinFirstNames(others)}. Your account stays open with your own payments and
            receipts.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setOpened(false)} disabled={busy} data-autofocus>
              Stay in the family
            </Button>
            <Button
              color="red"
              loading={busy}
              onClick={async () => {
                setBusy(true);
                try {
                  await leaveFamily();
                  setOpened(false);
                  notifySuccess('You have left the family. We emailed everyone to let them know.');
                  changed();
                } catch (error) {
                  notifyError(
                    error instanceof ApiError ? error.message : 'We could not do that. Please try again.',
                  );
                } finally {
                  setBusy(false);
                }
              }}
            >
              Leave this family
            </Button>
          </Group>
        </Stack>
      </StaffDialog>
    </>
  );
}
