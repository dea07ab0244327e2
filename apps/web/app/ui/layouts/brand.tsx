// The product's name with its mark, used in both layouts and on error pages.
import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconCalendarStats } from '@tabler/icons-react';

export const PRODUCT_NAME = 'Teamplan';

export function Brand({ size = 'lg' }: { size?: 'md' | 'lg' | 'xl' }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <ThemeIcon size={size === 'xl' ? 'xl' : 'lg'} radius="md" variant="filled" aria-hidden>
        <IconCalendarStats size={20} />
      </ThemeIcon>
      <Text fw={700} size={size}>
        {PRODUCT_NAME}
      </Text>
    </Group>
  );
}
