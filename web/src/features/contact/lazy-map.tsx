import { Anchor, Box, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

type LazyMapProps = {
  /** The embeddable map page. */
  embedUrl: string;
  /** A normal map page to open instead (always shown, and the only thing without scripts/iframes). */
  linkUrl: string;
  /** The iframe's accessible name. */
  title: string;
  height?: number;
};

/**
 * A map iframe that is only created when its place scrolls near the viewport, so the third-party map page
 * costs nothing to visitors who never scroll to it. `loading="lazy"` stays as a second guard.
 */
export function LazyMap({ embedUrl, linkUrl, title, height = 320 }: LazyMapProps) {
  const { t } = useTranslation();
  const placeholder = useRef<HTMLDivElement>(null);
  const [show, setShow] = useState(false);

  useEffect(() => {
    const element = placeholder.current;
    if (!element || show) return;
    if (typeof IntersectionObserver === 'undefined') {
      setShow(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setShow(true);
          observer.disconnect();
        }
      },
      { rootMargin: '200px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [show]);

  return (
    <Box>
      <Box
        ref={placeholder}
        h={height}
        bg="var(--mantine-color-default-hover)"
        style={{
          borderRadius: 'var(--mantine-radius-md)',
          overflow: 'hidden',
          border: '1px solid var(--mantine-color-default-border)',
        }}
      >
        {show ? (
          <iframe
            src={embedUrl}
            title={title}
            loading="lazy"
            referrerPolicy="no-referrer-when-downgrade"
            style={{ border: 0, width: '100%', height: '100%', display: 'block' }}
          />
        ) : null}
      </Box>
      <Text size="sm" mt="xs">
        <Anchor href={linkUrl} target="_blank" rel="noopener noreferrer">
          {t('links.openLargerMap')}
        </Anchor>
      </Text>
    </Box>
  );
}
