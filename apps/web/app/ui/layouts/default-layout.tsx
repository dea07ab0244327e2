// The signed-out layout: a card with the product name and the theme toggle, in the middle of the width and a little
// above the middle of the height. Its top is placed from the window's height alone, not centered on the card's own
// height: a slow phone paints a page before all of it has arrived, and a centered card would jump up as it grew.
import { Box, Flex, Group, Paper } from '@mantine/core';
import type { ReactNode } from 'react';
import { Brand } from './brand';
import { ThemeToggle } from './theme-toggle';

export function DefaultLayout({ children, logoUrl = null }: { children: ReactNode; logoUrl?: string | null }) {
  return (
    <Flex
      component="main"
      mih="100vh"
      px="md"
      pb="md"
      justify="center"
      align="flex-start"
      bg="light-dark(var(--mantine-color-slate-1), var(--mantine-color-dark-8))"
      style={{ paddingTop: 'max(var(--mantine-spacing-md), calc(50vh - 18rem))' }}
    >
      <Paper withBorder shadow="md" radius="lg" p="xl" w="100%" maw={440}>
        <Group justify="space-between" mb="lg">
          <Brand logoUrl={logoUrl} />
          <ThemeToggle />
        </Group>
        <Box>{children}</Box>
      </Paper>
    </Flex>
  );
}
