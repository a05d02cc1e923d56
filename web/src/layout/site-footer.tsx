import { Anchor, Box, Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { site } from '../content/site';
import { BrandMark } from './brand-mark';
import { footerLinks } from './nav-links';

/** spec §2: footer links, the copyright line (year 2024) and the cookie notice. */
export function SiteFooter() {
  const { address } = site;
  return (
    <Box
      component="footer"
      mt="auto"
      py="xl"
      bg="light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-8))"
      style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      <Container size="lg">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xl">
          <Stack gap={6}>
            <Anchor
              component={Link}
              to="/"
              c="var(--mantine-color-text)"
              fw={700}
              ff="heading"
              fz="lg"
              style={{ display: 'inline-flex', alignItems: 'center', gap: 10 }}
            >
              <BrandMark size={28} />
              {site.name}
            </Anchor>
            <Text size="sm" component="address" fs="normal">
              {address.street}
              <br />
              {address.city}, {address.state} {address.zip}
            </Text>
            <Text size="sm">
              <Anchor href={site.phoneHref}>{site.phone}</Anchor>
              {' · '}
              <Anchor href={`mailto:${site.email}`}>{site.email}</Anchor>
            </Text>
            <Text size="sm" c="dimmed">
              {site.hours}
            </Text>
          </Stack>

          <Box component="nav" aria-label="Footer">
            <Title order={2} size="h5" mb="xs">
              Explore
            </Title>
            <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {footerLinks.map((item) => (
                <li key={item.to}>
                  <Anchor component={Link} to={item.to} size="sm">
                    {item.label}
                  </Anchor>
                </li>
              ))}
            </Stack>
          </Box>

          <Box>
            <Title order={2} size="h5" mb="xs">
              Cookies &amp; privacy
            </Title>
            <Text size="sm" c="dimmed">
              We don&rsquo;t use cookies, ads or tracking. Your browser&rsquo;s local storage keeps just two
              things for this site: your light/dark theme choice and, if you sign in to the Student Portal,
              your login session. The map on our contact page comes from OpenStreetMap.
            </Text>
          </Box>
        </SimpleGrid>

        <Text size="sm" c="dimmed" mt="xl">
          © {site.copyrightYear} {site.name}
        </Text>
      </Container>
    </Box>
  );
}
