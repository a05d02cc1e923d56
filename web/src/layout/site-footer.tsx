import { Anchor, Box, Container, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { site } from '../content/site';
import { BrandMark } from './brand-mark';
import { useLocalizedPath } from './in-language';
import { footerLinks } from './nav-links';

/** spec §2: footer links, the copyright line (year 2024) and the cookie notice. */
export function SiteFooter() {
  const { address } = site;
  const { t } = useTranslation();
  const localized = useLocalizedPath();
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
              to={localized('/')}
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
              {t('centerInfo.hours')}
            </Text>
          </Stack>

          <Box component="nav" aria-label={t('footer.footerNav')}>
            <Title order={2} size="h5" mb="xs">
              {t('footer.explore')}
            </Title>
            <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {footerLinks.map((item) => (
                <li key={item.to}>
                  <Anchor component={Link} to={localized(item.to)} size="sm">
                    {t(item.labelKey)}
                  </Anchor>
                </li>
              ))}
            </Stack>
          </Box>

          <Box>
            <Title order={2} size="h5" mb="xs">
              {t('footer.cookiesHeading')}
            </Title>
            <Text size="sm" c="dimmed">
              {t('footer.cookies')}
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
