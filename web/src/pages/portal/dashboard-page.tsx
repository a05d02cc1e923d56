import { routes } from '@lc/contract';
import { Anchor, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { dashboardCopy } from '../../content/copy';
import { site } from '../../content/site';
import { usePageTitle } from '../../layout/use-page-title';
import { getToken, readClaims } from '../../lib/auth-token';

const sectionLinks: Record<(typeof dashboardCopy.sections)[number]['key'], string> = {
  students: routes.myStudents,
  contacts: routes.emergencyContacts,
  sessions: routes.mySessions,
  billing: routes.billing,
  browse: routes.sessions,
};

/** The Student Portal's home: a greeting and the portal's sections. */
export default function DashboardPage() {
  usePageTitle('Student Portal');
  const givenName = readClaims(getToken())?.given_name?.trim();
  return (
    <Stack gap="lg" pt="xl">
      <div>
        <Title order={1}>{givenName ? `Welcome, ${givenName}` : 'Welcome'}</Title>
        <Text size="lg" mt="xs">
          {dashboardCopy.intro}
        </Text>
      </div>
      <SimpleGrid
        cols={{ base: 1, sm: 2, md: 3 }}
        spacing="md"
        component="ul"
        style={{ listStyle: 'none', padding: 0 }}
      >
        {dashboardCopy.sections.map((section) => (
          <Card key={section.key} component="li" withBorder radius="lg" padding="lg">
            <Title order={2} size="h4" mb={6}>
              <Anchor component={Link} to={sectionLinks[section.key]} fw={700} inherit>
                {section.title}
              </Anchor>
            </Title>
            <Text size="sm">{section.description}</Text>
          </Card>
        ))}
      </SimpleGrid>
      <Text size="sm" c="dimmed">
        Need a hand? Call us at <Anchor href={site.phoneHref}>{site.phone}</Anchor> or email{' '}
        <Anchor href={`mailto:${site.email}`}>{site.email}</Anchor>.
      </Text>
    </Stack>
  );
}
