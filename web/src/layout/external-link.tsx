import { Button, type ButtonProps, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A link to another site: opens in a new tab without giving that site a handle on ours
 * (rel="noopener noreferrer"), and tells screen-reader users it opens a new tab.
 */
export function ExternalLinkButton({
  href,
  children,
  ...props
}: ButtonProps & { href: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Button component="a" href={href} target="_blank" rel="noopener noreferrer" {...props}>
      {children}
      <VisuallyHidden> {t('links.opensInNewTab')}</VisuallyHidden>
    </Button>
  );
}
