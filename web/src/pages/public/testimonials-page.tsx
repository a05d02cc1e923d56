import { routes } from '@lc/contract';
import { Button, Card, Container, Group, SimpleGrid, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useCopy } from '../../content/use-copy';
import { PageIntro } from '../../layout/page-intro';
import { usePageTitle } from '../../layout/use-page-title';

export default function TestimonialsPage() {
  const { testimonials } = useCopy();
  usePageTitle('Testimonials');
  return (
    <>
      <PageIntro
        title="Testimonials"
        lead="We asked families what a Bright Oak morning means to them. Here is what they told us, in their own words."
      />
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
            Schedule a Tour
          </Button>
          <Button component={Link} to={routes.sessions} size="md" variant="default">
            Browse sessions
          </Button>
        </Group>
      </Container>
    </>
  );
}
