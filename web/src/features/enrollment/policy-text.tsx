import type { Policy } from '@lc/contract';
import { Box, Typography } from '@mantine/core';

/**
 * A session policy's text in a box that scrolls when it is long. The box can take keyboard focus (so it
 * can be scrolled without a mouse) and is named by the heading given in `labelledBy`.
 */
export function PolicyText({
  policy,
  labelledBy,
}: {
  policy: Pick<Policy, 'htmlValue'>;
  labelledBy: string;
}) {
  return (
    <Box
      role="region"
      aria-labelledby={labelledBy}
      tabIndex={0}
      mah="18rem"
      px="sm"
      style={{
        overflowY: 'auto',
        border: '1px solid var(--mantine-color-default-border)',
        borderRadius: 'var(--mantine-radius-md)',
      }}
    >
      <Typography>
        {/* htmlValue is trusted staff HTML, sanitised by the server when it is saved (contract PolicySchema). */}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: trusted, server-sanitised staff HTML. */}
        <div dangerouslySetInnerHTML={{ __html: policy.htmlValue }} />
      </Typography>
    </Box>
  );
}
