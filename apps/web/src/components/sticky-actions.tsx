// The save bar of a long form: its buttons stay at the bottom of the screen while the form scrolls, so on a
// phone "Guardar" is never 2,000 px away. Marked data-sticky-actions: the floating chat button rises above
// any element carrying it (floating-chat.module.css), and e2e/tests/sticky-actions.spec.ts checks at
// 1366×768 and 390×844 that the chat button never covers one. Every sticky bottom bar uses this component
// (components/sticky-actions.test.ts scans the source for ones that do not).
import type { ReactNode } from 'react';
import { Group } from '@mantine/core';
import classes from './sticky-actions.module.css';

export function StickyActions({ children, justify = 'flex-end', testId }: { children: ReactNode; justify?: 'flex-end' | 'space-between' | 'flex-start'; testId?: string }) {
  return (
    <Group justify={justify} gap="sm" py="sm" className={classes.bar} data-sticky-actions data-testid={testId}>
      {children}
    </Group>
  );
}
