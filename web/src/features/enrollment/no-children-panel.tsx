import { routes } from '@lc/contract';
import { Button, Paper, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** Shown instead of the child picker when the family has no children on file yet. */
export function NoChildrenPanel({ action }: { action: 'enroll' | 'join the waitlist' }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Title order={2} size="h3">
        {t('enroll.noChildren.heading')}
      </Title>
      <Text mt="xs">
        {action === 'enroll' ? t('enroll.noChildren.bodyEnroll') : t('enroll.noChildren.bodyWaitlist')}
      </Text>
      <Button component={Link} to={routes.newStudent} mt="md" w="fit-content">
        {t('enroll.noChildren.addChild')}
      </Button>
    </Paper>
  );
}
