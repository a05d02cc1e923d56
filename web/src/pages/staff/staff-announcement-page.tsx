import { routes } from '@lc/contract';
import { Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import classes from '../../features/staff/staff.module.css';
import type { AnnouncementFormValues } from '../../features/staff-announcements/announcement-form';
import {
  AnnouncementByline,
  AnnouncementHeader,
} from '../../features/staff-announcements/announcement-header';
import own from '../../features/staff-announcements/announcements.module.css';
import { CancelAnnouncementDialog } from '../../features/staff-announcements/cancel-announcement-dialog';
import { DeliverySection } from '../../features/staff-announcements/delivery-section';
import { centerZoneName } from '../../features/staff-announcements/format';
import { RecipientsSection } from '../../features/staff-announcements/recipients-section';
import { SendNowDialog } from '../../features/staff-announcements/send-now-dialog';
import {
  useAnnouncementEditor,
  useAnnouncementSave,
} from '../../features/staff-announcements/use-announcement-editor';
import { WebSection } from '../../features/staff-announcements/web-section';
import { WhenSection } from '../../features/staff-announcements/when-section';
import { usePageTitle } from '../../layout/use-page-title';
import { currentRole } from '../../lib/auth-token';

/**
 * /staff/announcements/new and /staff/announcements/:id — compose an announcement for one or several
 * sessions (the director also for every family), with its web message (rich text), email and text message,
 * a live preview and how many families and contacts each channel reaches; send it now or schedule it on the
 * center's clock. An existing one can be edited until it is sent (afterwards only its web copy) or cancelled.
 */
export default function StaffAnnouncementPage() {
  const { id } = useParams();
  const editing = id !== undefined;
  usePageTitle(editing ? 'Staff · Announcement' : 'Staff · New announcement');
  const isDirector = currentRole() === 'Admin';
  const zone = centerZoneName();
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const { existing, sessions, form, loaded, sent, cancelled, values, chosen, reach, reachEnabled } =
    useAnnouncementEditor(id, isDirector);
  const { onSubmit, submitting, send, cancel, cancelling, confirmingSend, setConfirmingSend } =
    useAnnouncementSave(id, form, { sent, isDirector, zone });

  if (editing && existing.isError) return <AnnouncementNotFound />;
  if (editing && !loaded)
    return (
      <Text mt="lg" role="status">
        Loading the announcement…
      </Text>
    );

  return (
    <Stack gap="lg" mt="lg" className={classes.page}>
      <AnnouncementHeader editing={editing} loaded={loaded} cancelled={cancelled} />

      <form onSubmit={onSubmit} noValidate aria-label={editing ? 'Edit announcement' : 'New announcement'}>
        <fieldset disabled={cancelled} className={own.fieldset}>
          <Stack gap="lg">
            <RecipientsSection
              editing={editing}
              loaded={loaded}
              isDirector={isDirector}
              cancelled={cancelled}
              sessions={sessions.data?.items ?? []}
              chosen={chosen}
              reach={reachEnabled ? reach.data : undefined}
              form={form}
            />

            <WebSection form={form} />

            <DeliverySection sentAt={loaded?.sentAt ?? null} values={values} form={form} />

            {sent || cancelled ? null : <WhenSection zone={zone} when={values.when} form={form} />}

            {cancelled ? null : (
              <AnnouncementActions
                editing={editing}
                sent={sent}
                when={values.when}
                // The yes to "Send it now?" shows its own loading button.
                submitting={submitting && confirmingSend === null}
                onCancel={() => setConfirmingCancel(true)}
              />
            )}
          </Stack>
        </fieldset>
      </form>

      <CancelAnnouncementDialog
        opened={confirmingCancel && !cancelled}
        sent={sent}
        cancelling={cancelling}
        onCancel={cancel}
        onClose={() => setConfirmingCancel(false)}
      />
      <SendNowDialog
        confirmingSend={confirmingSend}
        reach={reach.data}
        onSend={send}
        onClose={() => setConfirmingSend(null)}
      />
      {loaded ? <AnnouncementByline loaded={loaded} cancelled={cancelled} /> : null}
    </Stack>
  );
}

/** An announcement this staff member may not see, or a wrong link. */
function AnnouncementNotFound() {
  return (
    <Stack mt="lg" className={classes.page}>
      <Title order={1}>Announcement not found</Title>
      <Text>
        It may belong to a session you do not teach, or the link is wrong.{' '}
        <Anchor component={Link} to={routes.staffAnnouncements}>
          Back to announcements
        </Anchor>
      </Text>
    </Stack>
  );
}

/** The form's buttons: send, schedule or save (the web copy only once sent), back, and cancel it. */
function AnnouncementActions({
  editing,
  sent,
  when,
  submitting,
  onCancel,
}: {
  editing: boolean;
  sent: boolean;
  when: AnnouncementFormValues['when'];
  submitting: boolean;
  onCancel: () => void;
}) {
  return (
    <Group gap="sm" wrap="wrap">
      <Button type="submit" loading={submitting}>
        {sent ? 'Save web copy' : when === 'later' ? 'Schedule' : editing ? 'Save and send now' : 'Send now'}
      </Button>
      <Button component={Link} to={routes.staffAnnouncements} variant="default">
        Back to the list
      </Button>
      {editing ? (
        <Button variant="subtle" color="red" onClick={onCancel}>
          Cancel announcement
        </Button>
      ) : null}
    </Group>
  );
}
