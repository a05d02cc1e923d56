/**
 * One post of a session's day as families and teachers read it (issue 25): who wrote it and when, whom it is
 * about, its text, and its photos — each opens full size and has its own download link (signed links from the
 * server; the photos carry no location). `actions` holds the teacher's buttons.
 */
import type { DayPost } from '@lc/contract';
import { Anchor, Badge, Card, Group, Image, SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { clockOf, dayHeading } from './format.ts';

export function PostCard({ post, actions }: { post: DayPost; actions?: ReactNode }) {
  const { t } = useTranslation();
  const author = post.author
    ? `${post.author.firstName} ${post.author.lastName}`
    : t('feed.common.theTeacher');
  const names = post.children.map((c) => c.firstName).join(', ');
  return (
    <Card
      withBorder
      padding="md"
      radius="md"
      component="article"
      aria-label={`${author}, ${clockOf(post.created)}`}
    >
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text size="sm" c="dimmed">
            {t('feed.common.postedBy', { author, time: clockOf(post.created) })}
            {post.editedAt ? ` · ${t('feed.common.edited')}` : ''}
          </Text>
          <Group gap="xs">
            {post.kind === 'ClassNote' || (post.kind === 'Photo' && post.forClass) ? (
              <Badge variant="default" tt="none">
                {t('feed.common.forClass')}
              </Badge>
            ) : null}
            {names ? (
              <Badge variant="default" tt="none">
                {t('feed.common.about', { names })}
              </Badge>
            ) : null}
            {actions}
          </Group>
        </Group>
        {post.body ? <Text style={{ whiteSpace: 'pre-wrap' }}>{post.body}</Text> : null}
        {post.photos.length > 0 ? (
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
            {post.photos.map((photo, index) => (
              <Stack key={photo.id} gap={4}>
                <a href={photo.url} target="_blank" rel="noreferrer">
                  <Image
                    src={photo.url}
                    alt={t('feed.common.photoOf', {
                      n: index + 1,
                      count: post.photos.length,
                      day: dayHeading(post.day),
                    })}
                    radius="sm"
                    loading="lazy"
                    style={{ aspectRatio: `${photo.width} / ${photo.height}` }}
                  />
                </a>
                <Anchor href={photo.downloadUrl} size="sm" download>
                  {t('feed.common.download', { n: index + 1 })}
                </Anchor>
              </Stack>
            ))}
          </SimpleGrid>
        ) : null}
      </Stack>
    </Card>
  );
}
