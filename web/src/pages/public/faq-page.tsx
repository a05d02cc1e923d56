import { routes } from '@lc/contract';
import { Accordion, Anchor, Container, Stack, Text } from '@mantine/core';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { site } from '../../content/site';
import { useCopy } from '../../content/use-copy';
import { localPath } from '../../layout/in-language';
import { PageIntro } from '../../layout/page-intro';
import { usePageTitle } from '../../layout/use-page-title';

/** Served at both /faq and /frequently-asked-questions (spec §2). */
export default function FaqPage() {
  const { faqs } = useCopy();
  const { t } = useTranslation();
  usePageTitle(t('faq.title'));
  return (
    <>
      <PageIntro title={t('faq.title')} lead={t('faq.lead')} />
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
          <Trans
            i18nKey="faq.stillWondering"
            values={{ phone: site.phone }}
            components={{
              contact: <Anchor component={Link} to={localPath(routes.contact)} />,
              phone: <Anchor href={site.phoneHref} />,
              tour: <Anchor component={Link} to={localPath(routes.tour)} />,
            }}
          />
        </Text>
      </Container>
    </>
  );
}
