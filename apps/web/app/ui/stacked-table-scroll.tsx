// The scroller of a table that becomes a stack of cards on a phone (stacked-table.module.css), wider screens scrolling
// it sideways when it is wider than the page. The browser's own scrolling: Mantine's ScrollArea sets state as it
// mounts, which draws the whole table again in the task that finishes hydrating the page.
import { Table } from '@mantine/core';
import type { ReactNode } from 'react';
import stacked from './stacked-table.module.css';

export function StackedTableScroll({ minWidth, children }: { minWidth: number; children: ReactNode }) {
  return (
    <Table.ScrollContainer className={stacked.scroll} minWidth={minWidth} type="native">
      {children}
    </Table.ScrollContainer>
  );
}
