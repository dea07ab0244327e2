// The signed-out layout: a centered card with the product name and the theme toggle.
import { Box, Center, Group, Paper } from '@mantine/core';
import type { ReactNode } from 'react';
import { Brand } from './brand';
import { ThemeToggle } from './theme-toggle';

export function DefaultLayout({ children, logoUrl = null }: { children: ReactNode; logoUrl?: string | null }) {
  return (
    <Center
      component="main"
      mih="100vh"
      p="md"
      bg="light-dark(var(--mantine-color-slate-1), var(--mantine-color-dark-8))"
    >
      <Paper withBorder shadow="md" radius="lg" p="xl" w="100%" maw={440}>
        <Group justify="space-between" mb="lg">
          <Brand logoUrl={logoUrl} />
          <ThemeToggle />
        </Group>
        <Box>{children}</Box>
      </Paper>
    </Center>
  );
}
