// The announcement's Markdown text with a Write / Preview switch; posts as `body` whichever view is shown.
import { Group, Paper, SegmentedControl, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { AnnouncementMarkdown } from './announcement-markdown';
import { BODY_MAX } from './announcement-schema';

type View = 'write' | 'preview';

export function AnnouncementBodyField({ defaultValue, error }: { defaultValue?: string; error?: string }) {
  const [body, setBody] = useState(defaultValue ?? '');
  const [view, setView] = useState<View>('write');
  return (
    <Stack gap={4}>
      <input type="hidden" name="body" value={body} />
      <Group justify="space-between" align="flex-end">
        <Text component="label" htmlFor="announcement-body" size="sm" fw={500}>
          Text
        </Text>
        <SegmentedControl
          size="xs"
          value={view}
          onChange={(value) => setView(value as View)}
          data={[
            { value: 'write', label: 'Write' },
            { value: 'preview', label: 'Preview' },
          ]}
          aria-label="Write or preview the text"
        />
      </Group>
      {view === 'write' ? (
        <Textarea
          id="announcement-body"
          value={body}
          onChange={(event) => setBody(event.currentTarget.value)}
          description="Markdown: **bold**, _italic_, # headings, - lists, [links](https://example.com). HTML is not shown."
          error={error}
          autosize
          minRows={6}
          maxRows={16}
          maxLength={BODY_MAX}
        />
      ) : (
        <>
          <Paper withBorder p="md" mih={150} aria-label="Preview">
            {body.trim() ? (
              <AnnouncementMarkdown>{body}</AnnouncementMarkdown>
            ) : (
              <Text c="dimmed">Nothing to preview yet.</Text>
            )}
          </Paper>
          {error ? (
            <Text c="red" size="xs">
              {error}
            </Text>
          ) : null}
        </>
      )}
    </Stack>
  );
}
