// The signed-in layout: header with product name and theme toggle, sidebar with navigation and the user menu.
import { AppShell, Burger, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { usePictures } from '../pictures';
import { AppNavigation } from './app-navigation';
import { Brand } from './brand';
import { ThemeToggle } from './theme-toggle';
import { UserMenu } from './user-menu';

export function SidebarLayout({ children }: { children: ReactNode }) {
  const [navigationOpen, { toggle, close }] = useDisclosure(false);
  const { logoUrl } = usePictures();
  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !navigationOpen } }}
      padding="lg"
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between">
          <Group gap="sm">
            <Burger opened={navigationOpen} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Toggle navigation" />
            <Brand logoUrl={logoUrl} />
          </Group>
          <ThemeToggle />
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="md" aria-label="Main navigation">
        <AppShell.Section grow>
          <AppNavigation onNavigate={close} />
        </AppShell.Section>
        <AppShell.Section pt="md" style={{ borderTop: '1px solid var(--app-shell-border-color)' }}>
          <UserMenu />
        </AppShell.Section>
      </AppShell.Navbar>
      <AppShell.Main bg="light-dark(var(--mantine-color-slate-0), var(--mantine-color-dark-8))">
        {children}
      </AppShell.Main>
    </AppShell>
  );
}
