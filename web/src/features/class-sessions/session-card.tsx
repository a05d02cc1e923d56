import type { ClassSession } from '@lc/contract';
import { routes } from '@lc/contract';
import { Anchor, Card, Image, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { localPath } from '../../layout/in-language';
import { SessionActionButtons, SessionFacts, SessionRegistration } from './session-details.tsx';

/** Thumbnail size in CSS pixels (16:9); width/height keep the layout still while the image loads. */
export const THUMBNAIL_WIDTH = 640;
export const THUMBNAIL_HEIGHT = 360;

/** A session's picture, or nothing when it has none. */
export function SessionThumbnail({ session, eager = false }: { session: ClassSession; eager?: boolean }) {
  if (!session.thumbnail) return null;
  return (
    <Image
      src={session.thumbnail}
      alt={session.name}
      width={THUMBNAIL_WIDTH}
      height={THUMBNAIL_HEIGHT}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      style={{
        aspectRatio: `${THUMBNAIL_WIDTH} / ${THUMBNAIL_HEIGHT}`,
        objectFit: 'cover',
        width: '100%',
        height: 'auto',
      }}
    />
  );
}

/** A session in the list: picture, name (links to its page), description, facts, windows, seats, actions. */
export function SessionCard({
  session,
  eagerImage = false,
}: {
  session: ClassSession;
  eagerImage?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Card
      component="article"
      withBorder
      radius="md"
      padding="lg"
      shadow="xs"
      aria-labelledby={`session-${session.id}`}
    >
      {session.thumbnail ? (
        <Card.Section mb="md">
          <SessionThumbnail session={session} eager={eagerImage} />
        </Card.Section>
      ) : null}
      <Stack gap="sm" style={{ flexGrow: 1 }}>
        <Title order={2} fz="h3" id={`session-${session.id}`}>
          <Anchor component={Link} to={localPath(routes.session(session.id))} inherit>
            {session.name}
          </Anchor>
        </Title>
        <Text>{session.description}</Text>
        <SessionFacts session={session} />
        <SessionRegistration session={session} />
        <Stack gap="xs" mt="auto" pt="xs">
          <SessionActionButtons session={session} />
          <Anchor component={Link} to={localPath(routes.session(session.id))} size="sm">
            {t('enroll.session.detailsFor', { session: session.name })}
          </Anchor>
        </Stack>
      </Stack>
    </Card>
  );
}
