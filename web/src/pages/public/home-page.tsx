import { routes } from '@lc/contract';
import {
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Container,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  heroImage,
  imageAlt,
  philosophyImage,
  type SiteImage,
  photos as sitePhotos,
} from '../../content/photos';
import { site } from '../../content/site';
import { useCopy } from '../../content/use-copy';
import { ExternalLinkButton } from '../../layout/external-link';
import { localPath } from '../../layout/in-language';
import { usePageTitle } from '../../layout/use-page-title';
import classes from './home-page.module.css';

/** Grid images; a center with real photos may add a `srcSet` of sizes (the illustrations are SVG, one file each). */
const photos: ReadonlyArray<SiteImage & { srcSet?: string }> = sitePhotos;

/** spec §1 "Home page content", in the spec's order. */
export default function HomePage() {
  usePageTitle();
  return (
    <>
      <Hero />
      <PhilosophyStatement />
      <PhilosophyTeaser />
      <TestimonialQuote />
      <Programs />
      <PhotoGrid />
      <QuickLinks />
    </>
  );
}

function Hero() {
  const { homeCopy } = useCopy();
  const { i18n } = useTranslation();
  return (
    <Container size="lg" pt="md" pb={48}>
      <Box component="section" aria-labelledby="home-headline" className={classes.hero}>
        <Stack gap="md" align="flex-start">
          <Title order={1} id="home-headline" className={classes.headline}>
            {homeCopy.headline}
          </Title>
          <Text className={classes.subtitle}>{homeCopy.subtitle}</Text>
          <Text size="lg">{homeCopy.intro}</Text>
          <Group gap="sm" mt="xs">
            <Button component={Link} to={localPath(routes.philosophy)} size="md">
              {homeCopy.philosophyButton}
            </Button>
            <Button component={Link} to={localPath(routes.tour)} size="md" variant="default">
              {homeCopy.tourButton}
            </Button>
          </Group>
        </Stack>
        <img
          className={classes.heroImage}
          src={heroImage.src}
          width={heroImage.width}
          height={heroImage.height}
          alt={imageAlt(heroImage, i18n.language)}
          decoding="async"
          fetchPriority="high"
        />
      </Box>
    </Container>
  );
}

function PhilosophyStatement() {
  const { homeCopy } = useCopy();
  const { t } = useTranslation();
  return (
    <Box component="section" aria-label={t('home.ourBelief')} className={classes.statement} py={64}>
      <Container size="md">
        <Stack gap="md" align="center">
          <Title order={2} className={classes.statementText}>
            {homeCopy.philosophyStatement}
          </Title>
          <Text c="white">{homeCopy.philosophyStatementBy}</Text>
        </Stack>
      </Container>
    </Box>
  );
}

function PhilosophyTeaser() {
  const { homeCopy } = useCopy();
  const { t, i18n } = useTranslation();
  return (
    <Container size="lg" py={64} component="section" aria-labelledby="home-philosophy">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={48} style={{ alignItems: 'center' }}>
        <Stack gap="md" align="flex-start">
          <Title order={2} id="home-philosophy">
            {t('home.philosophyHeading')}
          </Title>
          {homeCopy.philosophyTeaser.map((paragraph) => (
            <Text key={paragraph} size="lg">
              {paragraph}
            </Text>
          ))}
          <Anchor component={Link} to={localPath(routes.philosophy)} fw={700}>
            {homeCopy.philosophyLink}
          </Anchor>
        </Stack>
        <img
          className={classes.teaserImage}
          src={philosophyImage.src}
          width={philosophyImage.width}
          height={philosophyImage.height}
          alt={imageAlt(philosophyImage, i18n.language)}
          // On a phone this is the largest thing on the first screen: fetch it with the page.
          loading="eager"
          decoding="async"
        />
      </SimpleGrid>
    </Container>
  );
}

function TestimonialQuote() {
  const { homeCopy, testimonials } = useCopy();
  const { t } = useTranslation();
  const featured = testimonials[0];
  if (!featured) return null;
  return (
    <Box
      component="section"
      aria-labelledby="home-testimonial"
      py={64}
      bg="light-dark(var(--mantine-color-oak-0), var(--mantine-color-dark-6))"
    >
      <Container size="md">
        <Stack gap="lg" align="center" ta="center">
          <Title order={2} id="home-testimonial">
            {t('home.whatParentsSay')}
          </Title>
          <figure style={{ margin: 0 }}>
            <blockquote className={classes.quote}>“{featured.quote}”</blockquote>
            <Text component="figcaption" mt="md" fw={700}>
              — {featured.name}, {featured.detail}
            </Text>
          </figure>
          <Button component={Link} to={localPath(routes.testimonials)} size="md" variant="outline">
            {homeCopy.testimonialButton}
          </Button>
        </Stack>
      </Container>
    </Box>
  );
}

function Programs() {
  const { homeCopy } = useCopy();
  const { morning, tutoring } = homeCopy.programs;
  const { t } = useTranslation();
  return (
    <Container size="lg" py={64} component="section" aria-labelledby="home-programs">
      <Title order={2} id="home-programs" mb="lg">
        {homeCopy.programsHeading}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <Card withBorder padding="xl" radius="lg">
          <Stack gap="sm" align="flex-start" h="100%">
            <Badge size="lg" variant="filled">
              {morning.status}
            </Badge>
            <Title order={3}>{morning.title}</Title>
            <Text fw={700}>{morning.ages}</Text>
            <Text>{morning.description}</Text>
            <Button component={Link} to={localPath(routes.sessions)} mt="auto">
              {morning.button}
            </Button>
          </Stack>
        </Card>
        <Card withBorder padding="xl" radius="lg">
          <Stack gap="sm" align="flex-start" h="100%">
            <Badge size="lg" color="honey.1" c="honey.9">
              {tutoring.status}
            </Badge>
            <Title order={3}>{tutoring.title}</Title>
            <Text fw={700}>{t('home.waitlistOnly', { ages: tutoring.ages })}</Text>
            <Text>{tutoring.description}</Text>
            <Button component={Link} to={localPath(routes.tutoringWaitlist)} mt="auto" variant="outline">
              {tutoring.button}
            </Button>
          </Stack>
        </Card>
      </SimpleGrid>
    </Container>
  );
}

function PhotoGrid() {
  const { homeCopy } = useCopy();
  const { i18n } = useTranslation();
  return (
    <Container size="lg" pb={64} component="section" aria-labelledby="home-photos">
      <Title order={2} id="home-photos">
        {homeCopy.photosHeading}
      </Title>
      <Text c="dimmed" mb="lg">
        {homeCopy.photosIntro}
      </Text>
      <ul className={classes.photoGrid}>
        {photos.map((photo) => (
          <li key={photo.src}>
            <img
              className={classes.photo}
              src={photo.src}
              srcSet={photo.srcSet}
              sizes={photo.srcSet ? '(min-width: 75em) 370px, (min-width: 48em) 33vw, 50vw' : undefined}
              width={photo.width}
              height={photo.height}
              alt={imageAlt(photo, i18n.language)}
              loading="lazy"
              decoding="async"
            />
          </li>
        ))}
      </ul>
    </Container>
  );
}

function QuickLinks() {
  const { homeCopy } = useCopy();
  const { reviews, directory, instagram, facebook } = site.links;
  const { t } = useTranslation();
  // Yelp and Winnie are sentences (in the message files); Instagram and Facebook are names.
  const label = (link: { url: string; label: string }) =>
    link === reviews
      ? t('centerInfo.reviewsLink')
      : link === directory
        ? t('centerInfo.directoryLink')
        : link.label;
  return (
    <Container size="lg" pb={64} component="section" aria-labelledby="home-quick-links">
      <Title order={2} id="home-quick-links" mb="md">
        {homeCopy.quickLinksHeading}
      </Title>
      <Group gap="sm">
        <Button component={Link} to={localPath(routes.tour)} size="md">
          {homeCopy.tourButton}
        </Button>
        {[reviews, directory, instagram, facebook].map((link) => (
          <ExternalLinkButton key={link.url} href={link.url} size="md" variant="default">
            {label(link)}
          </ExternalLinkButton>
        ))}
      </Group>
    </Container>
  );
}
