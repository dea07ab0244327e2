// The heading and one line of explanation that open each section of the profile.
import { Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export function SectionTitle({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <Title order={2} size="h4">
        {title}
      </Title>
      <Text size="sm" c="dimmed">
        {children}
      </Text>
    </div>
  );
}
