// Mantine's provider for the whole page, rendered once. Each time it renders it writes the theme's CSS variables into
// its style element again, and the browser then restyles the whole page. The root layout renders again on every
// navigation (it reads the root route's data), so what it shows reaches the provider's children through a context
// rather than through the provider's props: the provider itself stays as it is.
import { MantineProvider } from '@mantine/core';
import { createContext, memo, use, type ReactNode } from 'react';
import { cssVariablesResolver, theme } from '../theme';

const PageContent = createContext<ReactNode>(null);

function Content() {
  return use(PageContent);
}

const Provider = memo(function Provider() {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto">
      <Content />
    </MantineProvider>
  );
});

export function ThemeRoot({ children }: { children: ReactNode }) {
  return (
    <PageContent value={children}>
      <Provider />
    </PageContent>
  );
}
