// The error page: "Page Not Found" for unknown paths and failed route validation, "Internal Server Error" otherwise.
import { Anchor, Code, Stack, Text, Title } from '@mantine/core';
import { isRouteErrorResponse, Link, useLocation } from 'react-router';

export type ErrorDescription = { status: number; title: string };

export function describeError(error: unknown): ErrorDescription {
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) return { status: 404, title: 'Page Not Found' };
    if (error.status < 500) return { status: error.status, title: error.statusText || 'Error' };
  }
  return { status: 500, title: 'Internal Server Error' };
}

/** The document title for an error, so the tab reads the same as the heading. */
export function errorMeta(error: unknown) {
  return [{ title: describeError(error).title }];
}

export function ErrorPage({ error }: { error: unknown }) {
  const location = useLocation();
  const { status, title } = describeError(error);
  const path = `${location.pathname}${location.search}`;
  return (
    <Stack gap="sm" py="xl" maw={640}>
      <Text c="dimmed" fw={600}>
        {status}
      </Text>
      <Title order={1}>{title}</Title>
      <Text>{status === 404 ? `Page Not Found: ${path}` : errorMessage(status)}</Text>
      {import.meta.env.DEV && error instanceof Error && error.stack ? <Code block>{error.stack}</Code> : null}
      <Anchor component={Link} to="/" reloadDocument={status >= 500}>
        Go to the home page
      </Anchor>
    </Stack>
  );
}

function errorMessage(status: number): string {
  if (status >= 500) return 'Something went wrong on our side. Please try again in a moment.';
  return 'This request could not be completed.';
}
