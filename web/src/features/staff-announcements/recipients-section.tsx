import type { AnnouncementReach, StaffAnnouncement } from '@lc/contract';
import { Paper, Text, Title } from '@mantine/core';
import { MultiSelectField } from '../forms/fields';
import type { AnnouncementFields } from './announcement-form';
import { reachSentence } from './message-preview';

/**
 * "Who it is for": the sessions (none for the director is every family at the center; an existing
 * announcement keeps its own), and how many families and contacts each channel reaches, said politely.
 */
export function RecipientsSection({
  editing,
  loaded,
  isDirector,
  cancelled,
  sessions,
  chosen,
  reach,
  form,
}: AnnouncementFields & {
  editing: boolean;
  loaded: StaffAnnouncement | undefined;
  isDirector: boolean;
  cancelled: boolean;
  sessions: { id: number; name: string }[];
  /** The chosen sessions' ids. */
  chosen: number[];
  /** The reach to say, when it is counted and may be shown. */
  reach: AnnouncementReach | undefined;
}) {
  const sessionOptions = sessions.map((s) => ({ value: String(s.id), label: s.name }));
  const audience = loaded
    ? (loaded.sessionName ?? 'Every family at the center')
    : chosen.length === 0
      ? isDirector
        ? 'Every family at the center'
        : null
      : null;
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="who-heading">
      <Title order={2} fz="h4" id="who-heading" mb="sm">
        Who it is for
      </Title>
      {editing ? (
        <Text>
          {audience}
          <Text span size="sm" c="dimmed">
            {' '}
            — to write to another session, start a new announcement.
          </Text>
        </Text>
      ) : (
        <MultiSelectField
          form={form}
          name="classSessionIds"
          label="Sessions"
          description={
            isDirector
              ? 'Choose one or several; leave empty to write to every family at the center.'
              : 'Choose one or several of the sessions you teach.'
          }
          placeholder={sessionOptions.length ? 'Choose sessions' : undefined}
          data={sessionOptions}
          searchable
          nothingFoundMessage="No session by that name"
          required={!isDirector}
        />
      )}
      <Text size="sm" mt="sm" aria-live="polite">
        {reach
          ? reachSentence(reach)
          : !cancelled && !isDirector && chosen.length === 0
            ? 'Choose a session to see how many families it reaches.'
            : ''}
      </Text>
    </Paper>
  );
}
