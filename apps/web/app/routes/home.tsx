// / (home): greets the member; their week, time off and announcements will live here.
import { Card, SimpleGrid, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import type { Route } from './+types/home';
import { PageHeader } from '../components/page-header';
import { useAuth } from '../state/auth-provider';
import { displayName } from '../utils/session-user';

export const meta: Route.MetaFunction = () => [{ title: 'Home · Teamplan' }];

const SHORTCUTS = [
  { to: '/projects', title: 'Projects', text: 'See every project and who works on it.' },
  { to: '/profile', title: 'Profile', text: 'Your name, e-mail and sign-in settings.' },
  { to: '/about', title: 'About', text: 'What Teamplan does, its version and its API.' },
];

export default function Home() {
  const { user } = useAuth();
  const greeting = user ? `Welcome, ${displayName(user)}` : 'Welcome';
  return (
    <>
      <PageHeader
        title={greeting}
        description="Your allocations for this week and the next, your time off and the latest announcements will appear here."
      />
      <Title order={2} size="h4" mb="sm">
        Shortcuts
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {SHORTCUTS.map((shortcut) => (
          <Card key={shortcut.to} component={Link} to={shortcut.to} withBorder padding="lg">
            <Text fw={600}>{shortcut.title}</Text>
            <Text size="sm" c="dimmed">
              {shortcut.text}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </>
  );
}
