import { routes } from '@lc/contract';
import { Accordion, Anchor, Container, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { site } from '../../content/site';
import { useCopy } from '../../content/use-copy';
import { PageIntro } from '../../layout/page-intro';
import { usePageTitle } from '../../layout/use-page-title';

/** Served at both /faq and /frequently-asked-questions (spec §2). */
export default function FaqPage() {
  const { faqs } = useCopy();
  usePageTitle('Frequently Asked Questions');
  return (
    <>
      <PageIntro
        title="Frequently Asked Questions"
        lead="The questions parents ask us most. Don’t see yours? Call or email — a real person will answer."
      />
      <Container size="md" pb={64}>
        <Accordion variant="separated" radius="md" chevronPosition="right">
          {faqs.map((faq, index) => (
            <Accordion.Item key={faq.question} value={`faq-${index}`}>
              <Accordion.Control>
                <Text component="span" fw={700}>
                  {faq.question}
                </Text>
              </Accordion.Control>
              <Accordion.Panel>
                <Stack gap="sm">
                  {faq.answer.map((paragraph) => (
                    <Text key={paragraph}>{paragraph}</Text>
                  ))}
                </Stack>
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
        <Text mt="xl">
          Still wondering about something?{' '}
          <Anchor component={Link} to={routes.contact}>
            Send us a message
          </Anchor>
          , call <Anchor href={site.phoneHref}>{site.phone}</Anchor> or{' '}
          <Anchor component={Link} to={routes.tour}>
            schedule a tour
          </Anchor>
          .
        </Text>
      </Container>
    </>
  );
}
