// /about: what the product does, its version and build, and where its API is described.
import { Anchor, Card, Code, List, Stack, Table, Text } from '@mantine/core';
import type { Route } from './+types/about';
import packageJson from '../../package.json';
import { PageHeader } from '../ui/page-header';
import { buildInfoContext } from '../features/deployments/build-info.server';
import { getServerEnv } from '../session/env.server';

export function loader({ context }: Route.LoaderArgs) {
  const env = getServerEnv();
  const build = context.get(buildInfoContext);
  const apiUrl = `${env.SUPABASE_URL.replace(/\/+$/, '')}/rest/v1/`;
  return {
    version: packageJson.version,
    buildId: build.id,
    builtAt: build.timestamp ? new Date(build.timestamp).toISOString() : null,
    apiUrl,
    // The description is served to holders of the public (anon) key; passing it lets a browser open the link.
    apiLink: `${apiUrl}?apikey=${encodeURIComponent(env.SUPABASE_ANON_KEY)}`,
  };
}

export const meta: Route.MetaFunction = () => [{ title: 'About · Teamplan' }];

export default function About({ loaderData }: Route.ComponentProps) {
  const { version, buildId, builtAt, apiUrl, apiLink } = loaderData;
  return (
    <Stack maw={760}>
      <PageHeader title="About Teamplan" description="Work planning for the members of an organization." />
      <Text>
        Teamplan keeps an organization's projects and people in one place and plans who works on what, and when. It
        shows each person's capacity and utilization week by week, so over-allocation is visible before it happens.
      </Text>
      <List spacing="xs">
        <List.Item>Projects: their status, dates, budget and team.</List.Item>
        <List.Item>User allocations: a planner of people by week, for those who manage projects.</List.Item>
        <List.Item>Organization: members, invitations and permissions, for those who manage users.</List.Item>
      </List>
      <Card withBorder>
        <Table variant="vertical" withRowBorders={false}>
          <Table.Tbody>
            <Table.Tr>
              <Table.Th w={160}>Version</Table.Th>
              <Table.Td>{version}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>Build</Table.Th>
              <Table.Td>
                <Code>{buildId}</Code>
                {builtAt ? ` (built ${builtAt})` : null}
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>Data API</Table.Th>
              <Table.Td>
                <Anchor href={apiLink} target="_blank" rel="noreferrer">
                  {apiUrl}
                </Anchor>
                <Text size="sm" c="dimmed">
                  OpenAPI description of the tables and functions, as PostgREST serves it.
                </Text>
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Card>
    </Stack>
  );
}
