import type { DigitalResource } from '@lc/contract';
import { Anchor, Badge, Card, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { safeHref } from './format.ts';

const typeLabel: Record<DigitalResource['type'], string> = {
  Document: 'Document',
  Video: 'Video',
  Link: 'Link',
  Image: 'Image',
};

/**
 * A session's digital resources: name, type, description, an Open link (new tab) and, for documents, a
 * Download link. A resource whose address is not http(s) or on this site gets no link (safeHref).
 */
export function ResourceList({ resources }: { resources: readonly DigitalResource[] }) {
  return (
    <Stack component="ul" gap="sm" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
      {resources.map((resource) => {
        const href = safeHref(resource.url);
        return (
          <Card key={resource.id} component="li" withBorder radius="md" padding="md">
            <Stack gap={6}>
              <Group gap="xs" wrap="wrap">
                <Title order={3} size="h5">
                  {resource.name}
                </Title>
                <Badge color="gray" variant="default" tt="none">
                  {typeLabel[resource.type]}
                </Badge>
              </Group>
              {resource.description ? <Text size="sm">{resource.description}</Text> : null}
              {href ? (
                <Group gap="md">
                  <Anchor href={href} target="_blank" rel="noopener noreferrer" fw={600}>
                    Open<VisuallyHidden> {resource.name} (opens in a new tab)</VisuallyHidden>
                  </Anchor>
                  {resource.type === 'Document' ? (
                    <Anchor href={href} download={resource.fileName ?? ''} fw={600}>
                      Download<VisuallyHidden> {resource.name}</VisuallyHidden>
                    </Anchor>
                  ) : null}
                </Group>
              ) : (
                <Text size="sm">This resource’s link is not available. Please ask your teacher.</Text>
              )}
            </Stack>
          </Card>
        );
      })}
    </Stack>
  );
}
