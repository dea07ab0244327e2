// The product's name with its mark, used in both layouts and on error pages.
import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconCalendarStats } from '@tabler/icons-react';

export const PRODUCT_NAME = 'Teamplan';

/** With the organization's logo when it has one, in place of the product's mark. */
export function Brand({ size = 'lg', logoUrl = null }: { size?: 'md' | 'lg' | 'xl'; logoUrl?: string | null }) {
  return (
    <Group gap="xs" wrap="nowrap">
      {logoUrl ? (
        <img
          src={logoUrl}
          alt="Organization logo"
          data-testid="organization-logo"
          style={{ height: 34, maxWidth: 140, objectFit: 'contain', objectPosition: 'left center', display: 'block' }}
        />
      ) : (
        <ThemeIcon size={size === 'xl' ? 'xl' : 'lg'} radius="md" variant="filled" aria-hidden>
          <IconCalendarStats size={20} />
        </ThemeIcon>
      )}
      <Text fw={700} size={size}>
        {PRODUCT_NAME}
      </Text>
    </Group>
  );
}
