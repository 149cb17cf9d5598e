// A list as a phone shows it (below 48em, PHONE_QUERY): one bordered card per item instead of a table
// that would scroll sideways. /alimentos and /platos use it: what the item is on the left, wrapping, and
// its figure and actions on the right, never wrapping.
import { Card, Group, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

/** The cards' list: a <ul> without bullets, named for screen readers. */
export function CardList({ label, testId, children }: { label: string; testId: string; children: ReactNode }) {
  return (
    <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} data-testid={testId} aria-label={label}>
      {children}
    </Stack>
  );
}

/**
 * One item: `leading` (a thumbnail) at the left edge, the item's lines in the middle (they wrap, even a long
 * word, so the card never grows wider than the screen) and `aside` (a figure, a star, a button) at the right.
 */
export function ListCard({ testId, leading, aside, children }: { testId: string; leading?: ReactNode; aside?: ReactNode; children: ReactNode }) {
  return (
    <Card component="li" withBorder padding="sm" data-testid={testId}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        {leading}
        <div style={{ minWidth: 0, flex: 1, overflowWrap: 'anywhere' }}>{children}</div>
        {aside ? (
          <Group gap={2} wrap="nowrap" align="center">
            {aside}
          </Group>
        ) : null}
      </Group>
    </Card>
  );
}
