// Switches between the light and dark scheme; both icons are rendered and CSS shows the right one (no flash on load).
import { ActionIcon, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';

export function ThemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light', { getInitialValueInEffect: true });
  return (
    <ActionIcon
      variant="default"
      size="lg"
      aria-label="Toggle color scheme"
      title="Toggle light and dark theme"
      onClick={() => setColorScheme(computed === 'dark' ? 'light' : 'dark')}
    >
      <IconSun size={18} className="mantine-light-hidden" aria-hidden />
      <IconMoon size={18} className="mantine-dark-hidden" aria-hidden />
    </ActionIcon>
  );
}
