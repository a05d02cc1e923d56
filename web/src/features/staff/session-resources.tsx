import type { StaffResource } from '@lc/contract';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { type RefObject, useState } from 'react';
import { AddLinkForm } from './add-link-form';
import { EditResourceDialog } from './edit-resource-dialog';
import { UploadFileForm } from './upload-file-form';
import { useSessionResources } from './use-session-resources';

const TYPE_LABELS: Record<StaffResource['type'], string> = {
  Document: 'PDF',
  Image: 'Picture',
  Link: 'Link',
  Video: 'Video',
};

/**
 * "Files and links for families" on the director's session form (issue 10): the session's resources in the
 * order families see them, each with its kind, a switch that shows or hides it for families, Move up / Move
 * down buttons and an Edit dialog; below, a form to upload a file (PDF or picture, checked by content on the
 * server) and a form to add a link or video. Errors sit by their fields and focus moves to the first.
 */
export function SessionResources({ session }: { session: { id: number; name: string } }) {
  const { resources, list, setList, moveTo, toggle, moveButtons } = useSessionResources(session.id);
  const [editing, setEditing] = useState<StaffResource | null>(null);

  return (
    <Stack gap="lg" component="section" aria-labelledby="session-resources-title">
      <div>
        <Title order={2} fz="h3" id="session-resources-title">
          Files and links for families
        </Title>
        <Text c="dimmed" size="sm">
          Families of the children enrolled in {session.name} see the ones that are on, in this order, on
          their session page.
        </Text>
      </div>

      {resources.isPending ? <Text role="status">Loading the files and links…</Text> : null}
      {resources.isError ? (
        <Alert color="red" variant="light" role="alert" title="We could not load the files and links">
          Please check your connection and reload the page.
        </Alert>
      ) : null}
      {resources.isSuccess && list.length === 0 ? (
        <Text>No files or links yet. Add a handout, a photo or a link below.</Text>
      ) : null}
      {list.length > 0 ? (
        <Stack component="ul" gap="sm" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {list.map((resource, index) => (
            <ResourceItem
              key={resource.id}
              resource={resource}
              first={index === 0}
              last={index === list.length - 1}
              moveButtons={moveButtons}
              onToggle={() => {
                if (!toggle.isPending) toggle.mutate(resource);
              }}
              onMove={(direction) => moveTo(index, direction)}
              onEdit={() => setEditing(resource)}
            />
          ))}
        </Stack>
      ) : null}

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <UploadFileForm sessionId={session.id} onSaved={setList} />
        <AddLinkForm sessionId={session.id} onSaved={setList} />
      </SimpleGrid>

      {editing ? (
        <EditResourceDialog resource={editing} onClose={() => setEditing(null)} onSaved={setList} />
      ) : null}
    </Stack>
  );
}

/** One file or link: its name, kind, whether it is hidden, its description and link, and what can be done. */
function ResourceItem({
  resource,
  first,
  last,
  moveButtons,
  onToggle,
  onMove,
  onEdit,
}: {
  resource: StaffResource;
  first: boolean;
  last: boolean;
  moveButtons: RefObject<Map<string, HTMLButtonElement | null>>;
  onToggle: () => void;
  onMove: (direction: 'up' | 'down') => void;
  onEdit: () => void;
}) {
  return (
    <Card key={resource.id} component="li" withBorder radius="md" padding="sm">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
        <Stack gap={4} style={{ flex: '1 1 14rem', minWidth: 0 }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
              {resource.name}
            </Text>
            <Badge color="gray" variant="default" tt="none">
              {TYPE_LABELS[resource.type]}
            </Badge>
            {resource.isActive ? null : (
              <Badge color="dark" variant="filled" tt="none">
                Hidden
              </Badge>
            )}
          </Group>
          {resource.description ? (
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {resource.description}
            </Text>
          ) : null}
          <Anchor href={resource.url} target="_blank" rel="noopener noreferrer" size="sm">
            Open<VisuallyHidden> {resource.name} (opens in a new tab)</VisuallyHidden>
          </Anchor>
        </Stack>
        <Group gap="xs" wrap="wrap">
          <Switch
            label="Shown to families"
            aria-label={`Shown to families: ${resource.name}`}
            checked={resource.isActive}
            onChange={onToggle}
          />
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={`Move ${resource.name} up`}
            disabled={first}
            onClick={() => onMove('up')}
            ref={(el) => {
              moveButtons.current.set(`${resource.id}:up`, el);
            }}
          >
            <span aria-hidden="true">↑</span>
          </ActionIcon>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={`Move ${resource.name} down`}
            disabled={last}
            onClick={() => onMove('down')}
            ref={(el) => {
              moveButtons.current.set(`${resource.id}:down`, el);
            }}
          >
            <span aria-hidden="true">↓</span>
          </ActionIcon>
          <Button variant="default" size="xs" onClick={onEdit}>
            Edit<VisuallyHidden> {resource.name}</VisuallyHidden>
          </Button>
        </Group>
      </Group>
    </Card>
  );
}
