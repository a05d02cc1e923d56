import { routes } from '@lc/contract';
import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { imageAlt, philosophyImage } from '../../content/photos';
import { useCopy } from '../../content/use-copy';
import { localPath } from '../../layout/in-language';
import { PageIntro } from '../../layout/page-intro';
import { usePageTitle } from '../../layout/use-page-title';

export default function PhilosophyPage() {
  const { philosophyCopy } = useCopy();
  const { t, i18n } = useTranslation();
  usePageTitle(philosophyCopy.title);
  return (
    <>
      <PageIntro title={philosophyCopy.title} lead={philosophyCopy.lead} />
      <Container size="md" pb={64}>
        <Stack gap={40}>
          <img
            src={philosophyImage.src}
            width={philosophyImage.width}
            height={philosophyImage.height}
            alt={imageAlt(philosophyImage, i18n.language)}
            decoding="async"
            style={{
              width: '100%',
              maxWidth: 560,
              height: 'auto',
              marginInline: 'auto',
              display: 'block',
              borderRadius: 'var(--mantine-radius-lg)',
            }}
          />
          {philosophyCopy.sections.map((section) => (
            <section key={section.heading}>
              <Title order={2} mb="sm">
                {section.heading}
              </Title>
              <Stack gap="sm">
                {section.paragraphs.map((paragraph) => (
                  <Text key={paragraph} size="lg">
                    {paragraph}
                  </Text>
                ))}
              </Stack>
            </section>
          ))}
          <Stack gap="md" align="flex-start">
            <Text size="lg" fw={700}>
              {philosophyCopy.closing}
            </Text>
            <Group>
              <Button component={Link} to={localPath(routes.tour)} size="md">
                {t('philosophy.scheduleTour')}
              </Button>
              <Button component={Link} to={localPath(routes.sessions)} size="md" variant="default">
                {t('philosophy.browseSessions')}
              </Button>
            </Group>
          </Stack>
        </Stack>
      </Container>
    </>
  );
}
