import type { DigitalResource } from '@lc/contract';
import { Anchor, Badge, Card, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { safeHref } from './format.ts';

/**
 * A session's digital resources: name, type, description, an Open link (new tab) and, for documents, a
 * Download link. A resource whose address is not http(s) or on this site gets no link (safeHref).
 */
export function ResourceList({ resources }: { resources: readonly DigitalResource[] }) {
  const { t } = useTranslation();
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
                  {t(`portal.resources.type.${resource.type}`)}
                </Badge>
              </Group>
              {resource.description ? <Text size="sm">{resource.description}</Text> : null}
              {href ? (
                <Group gap="md">
                  <Anchor href={href} target="_blank" rel="noopener noreferrer" fw={600}>
                    {t('portal.resources.open')}
                    <VisuallyHidden>
                      {' '}
                      {t('portal.resources.opensInNewTab', { name: resource.name })}
                    </VisuallyHidden>
                  </Anchor>
                  {resource.type === 'Document' ? (
                    <Anchor href={href} download={resource.fileName ?? ''} fw={600}>
                      {t('portal.resources.download')}
                      <VisuallyHidden> {resource.name}</VisuallyHidden>
                    </Anchor>
                  ) : null}
                </Group>
              ) : (
                <Text size="sm">{t('portal.resources.unavailable')}</Text>
              )}
            </Stack>
          </Card>
        );
      })}
    </Stack>
  );
}
