import { routes } from '@lc/contract';
import { Button, Card, Container, Group, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCopy } from '../../content/use-copy';
import { PageIntro } from '../../layout/page-intro';
import { usePageTitle } from '../../layout/use-page-title';

export default function TestimonialsPage() {
  const { testimonials } = useCopy();
  const { t } = useTranslation();
  usePageTitle(t('testimonials.title'));
  return (
    <>
      <PageIntro title={t('testimonials.title')} lead={t('testimonials.lead')} />
      <Container size="lg" pb={64}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          {testimonials.map((testimonial) => (
            <Card key={testimonial.quote} withBorder radius="lg" padding="xl" component="figure" m={0}>
              <Text component="blockquote" size="lg" m={0} ff="heading" lh={1.55}>
                “{testimonial.quote}”
              </Text>
              <Text component="figcaption" mt="md" fw={700}>
                — {testimonial.name}, {testimonial.detail}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
        <Group mt={48} justify="center">
          <Button component={Link} to={routes.tour} size="md">
            {t('testimonials.scheduleTour')}
          </Button>
          <Button component={Link} to={routes.sessions} size="md" variant="default">
            {t('testimonials.browseSessions')}
          </Button>
        </Group>
      </Container>
    </>
  );
}
