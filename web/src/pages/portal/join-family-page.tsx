import { routes } from '@lc/contract';
import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../api/client';
import { acceptInvitation, previewInvitation } from '../../api/family-sharing';
import { Loading } from '../../features/family/load-states';
import { notifySuccess } from '../../features/forms/notify';
import { joinFirstNames } from '../../features/passes/format';
import { usePageTitle } from '../../layout/use-page-title';
import { useLoad } from '../../lib/use-load';

/** "Maya and Leo", or "the children" when none are named yet. */
const names = (list: readonly string[]) => joinFirstNames(list, 'the children');

/**
 * /dashboard/family/join/{token} (issue 13): the link in a co-parent invitation. The guard sends a parent who
 * is not signed in to log in or register first and back here; the page says who invited them and for which
 * children, and accepting shares the family. A used, withdrawn or expired link, or a link sent to another
 * address, is explained in plain words with what to do.
 */
export default function JoinFamilyPage() {
  usePageTitle('Join your family’s portal');
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const preview = useLoad(`family-invitation:${token}`, (signal) => previewInvitation(token, signal));
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const problem =
    preview.status === 'error'
      ? preview.error instanceof ApiError
        ? preview.error.message
        : 'We could not open this invitation just now. Please try again in a moment.'
      : null;
  return (
    <Stack gap="lg" pt="xl" maw={640}>
      <Title order={1}>Join your family’s portal</Title>
      {preview.status === 'loading' ? <Loading label="Opening your invitation…" /> : null}
      {problem ? (
        <Alert color="red" variant="light" role="alert" title="This invitation cannot be used">
          <Text size="sm">{problem}</Text>
          <Button component={Link} to={routes.dashboard} variant="default" mt="sm">
            Go to your portal
          </Button>
        </Alert>
      ) : null}
      {preview.status === 'success' ? (
        <Card withBorder radius="lg" padding="lg">
          <Text>
            <strong>{preview.data.invitedBy}</strong> invited you to share the Student Portal for{' '}
            <strong>{names(preview.data.childNames)}</strong>.
          </Text>
          <Text size="sm" mt="sm">
            Once you accept, you and {names(preview.data.parentNames)} see and manage the same children,
            allergies, emergency contacts, enrollments, waitlist places, announcements and payments. Your own
            children on our portal, if any, are shared too. Either of you can leave at any time.
          </Text>
          {preview.data.alreadyInFamily ? (
            <Alert color="yellow" variant="light" mt="md">
              You already share a family with another parent. Leave that family first on the Family sharing
              page, then open this link again.
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
                  notifySuccess(`You now share the portal for ${names(preview.data.childNames)}.`);
                  navigate(routes.myStudents);
                } catch (error) {
                  setRefusal(
                    error instanceof ApiError
                      ? error.message
                      : 'We could not accept just now. Please try again.',
                  );
                } finally {
                  setBusy(false);
                }
              }}
            >
              Accept and share
            </Button>
            <Button component={Link} to={routes.dashboard} variant="default">
              Not now
            </Button>
          </Group>
        </Card>
      ) : null}
    </Stack>
  );
}
