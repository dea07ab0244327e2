// A form's own error (what was typed is incomplete), shown above its submit button and announced to screen readers.
import { Text } from '@mantine/core';

export function FormError({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <Text c="red" size="sm" role="alert">
      {message}
    </Text>
  );
}
