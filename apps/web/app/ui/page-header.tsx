// A page's heading and one line on what the page is for.
import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

export function PageHeader({ title, description }: { title: string; description: ReactNode }) {
  return (
    <Stack gap={4} mb="lg">
      <Title order={1}>{title}</Title>
      <Text c="dimmed">{description}</Text>
    </Stack>
  );
}
