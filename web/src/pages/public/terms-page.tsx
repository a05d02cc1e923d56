import { Anchor, Card, Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { site } from '../../content/site';
import { useCopy } from '../../content/use-copy';
import { PageIntro } from '../../layout/page-intro';
import { usePageTitle } from '../../layout/use-page-title';

export default function TermsPage() {
  const { termsCopy } = useCopy();
  const { t } = useTranslation();
  usePageTitle(termsCopy.title);
  const { address } = site;
  return (
    <>
      <PageIntro title={termsCopy.title}>
        <Text mt="sm" c="dimmed" fs="italic">
          {termsCopy.lastModified}
        </Text>
      </PageIntro>
      <Container size="md" pb={64}>
        <Stack gap="xl">
          <Text size="lg">{termsCopy.intro}</Text>
          {termsCopy.sections.map((section, index) => (
            <section key={section.heading}>
              <Title order={2} size="h3" mb="xs">
                {index + 1}. {section.heading}
              </Title>
              <Stack gap="sm">
                {section.paragraphs.map((paragraph) => (
                  <Text key={paragraph}>{paragraph}</Text>
                ))}
              </Stack>
            </section>
          ))}
          <Card withBorder radius="lg" padding="xl" component="section" aria-labelledby="terms-contact">
            <Title order={2} size="h3" id="terms-contact" mb="sm">
              {termsCopy.contactHeading}
            </Title>
            <Text fw={700}>{site.name}</Text>
            <Text component="address" fs="normal">
              {address.street}
              <br />
              {address.city}, {address.state} {address.zip}
            </Text>
            <Text mt="xs">
              {t('terms.phone')} <Anchor href={site.phoneHref}>{site.phone}</Anchor>
            </Text>
            <Text>
              {t('terms.email')} <Anchor href={`mailto:${site.email}`}>{site.email}</Anchor>
            </Text>
          </Card>
        </Stack>
      </Container>
    </>
  );
}
