// Uploads in progress, one bar each, and those that failed with the reason (dismissed by the person).
import { CloseButton, Group, Paper, Progress, Stack, Text } from '@mantine/core';

export type UploadEntry = {
  id: string;
  name: string;
  /** 0 to 1. */
  progress: number;
  state: 'uploading' | 'done' | 'failed';
  message?: string;
};

export function UploadList({ uploads, onDismiss }: { uploads: UploadEntry[]; onDismiss: (id: string) => void }) {
  if (uploads.length === 0) return null;
  return (
    <Stack gap="xs" aria-live="polite">
      {uploads.map((upload) => {
        const percent = Math.round(upload.progress * 100);
        return (
          <Paper key={upload.id} withBorder p="sm" data-upload={upload.name} data-state={upload.state}>
            <Group justify="space-between" wrap="nowrap" gap="xs" mb={upload.state === 'failed' ? 0 : 6}>
              <Text size="sm" fw={600} truncate="end">
                {upload.name}
              </Text>
              {upload.state === 'failed' ? (
                <CloseButton size="sm" aria-label={`Dismiss ${upload.name}`} onClick={() => onDismiss(upload.id)} />
              ) : (
                <Text size="xs" c="dimmed">
                  {upload.state === 'done' ? 'Uploaded' : `${percent} %`}
                </Text>
              )}
            </Group>
            {upload.state === 'failed' ? (
              <Text size="sm" c="red">
                Not uploaded: {upload.message}
              </Text>
            ) : (
              <Progress
                value={percent}
                size="sm"
                aria-label={`Uploading ${upload.name}`}
                animated={upload.state === 'uploading'}
              />
            )}
          </Paper>
        );
      })}
    </Stack>
  );
}
