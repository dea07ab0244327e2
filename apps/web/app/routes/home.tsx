// / (home): the organization's announcements, my allocations this week and the coming weeks, my utilization per week,
// my upcoming time off, shortcuts. Announcement managers write and change announcements here.
import { StackedTableScroll } from '../ui/stacked-table-scroll';
import stacked from '../ui/stacked-table.module.css';
import { Anchor, Badge, Card, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { data, Link } from 'react-router';
import { useLivePlan } from '../features/live/use-live-plan';
import { useRevalidateWhenIdle } from '../features/live/use-revalidate-when-idle';
import type { Route } from './+types/home';
import { announcementAction } from '../features/announcements/announcement-actions.server';
import { loadAnnouncements } from '../features/announcements/announcements.server';
import { AnnouncementsSection } from '../features/announcements/announcements-section';
import { ALLOCATION_COLUMNS, type AllocationRow } from '../features/allocations/allocation-row';
import { loadWeekStart } from '../features/allocations/people.server';
import { TeamTimeline } from '../features/allocations/team-timeline';
import { WeekLoadCards } from '../features/allocations/week-load-cards';
import { PageHeader } from '../ui/page-header';
import { TimeOffList } from '../features/time-off/time-off-list';
import { loadTimeOffOf } from '../features/time-off/time-off.server';
import { useAuth } from '../session/auth-provider';
import { formatRange, todayIso, weeksFrom } from '../lib/dates';
import { getRequestPermissions, sessionUserContext, supabaseContext } from '../session/request-context.server';
import { SetupSteps, type SetupProgress } from '../features/organization/setup-steps';
import { displayName } from '../session/session-user';
import { formatHours } from '../lib/hours';

/** This week and the four after it. */
const WEEKS_SHOWN = 5;

export async function loader({ context }: Route.LoaderArgs) {
  const user = context.get(sessionUserContext);
  const supabase = context.get(supabaseContext);
  const weekStart = await loadWeekStart(supabase);
  const weeks = weeksFrom(todayIso(), WEEKS_SHOWN, weekStart);
  if (!user) {
    return { weeks, allocations: [], utilization: [], timeOff: [], announcements: [], timeZone: 'UTC', setup: null };
  }
  const from = weeks[0].start;
  const to = weeks[weeks.length - 1].end;
  const [allocations, utilization, timeOff, news, setup] = await Promise.all([
    supabase
      .from('allocations')
      .select(ALLOCATION_COLUMNS)
      .eq('user_id', user.id)
      .lte('start_date', to)
      .gte('end_date', from)
      .order('start_date')
      .order('end_date'),
    // The database computes utilization; the page only shows it.
    supabase.rpc('utilization', {
      p_from: from,
      p_to: to,
      p_period: 'week',
      p_include_tentative: true,
      p_user_ids: [user.id],
    }),
    loadTimeOffOf(supabase, user.id),
    loadAnnouncements(supabase, user.id),
    loadSetupProgress(context),
  ]);
  if (allocations.error) throw new Error(`Could not load allocations: ${allocations.error.message}`);
  if (utilization.error) throw new Error(`Could not load utilization: ${utilization.error.message}`);
  return {
    weeks,
    allocations: allocations.data,
    utilization: utilization.data ?? [],
    timeOff: timeOff.upcoming,
    announcements: news.announcements,
    timeZone: news.timeZone,
    setup,
  };
}

/** The set-up steps for those who manage users, until every one is done; null for everyone else. */
async function loadSetupProgress(context: Route.LoaderArgs['context']): Promise<SetupProgress | null> {
  const permissions = await getRequestPermissions(context);
  if (!permissions?.can_manage_users) return null;
  const { data, error } = await context.get(supabaseContext).rpc('setup_progress');
  // Without the figures the steps are left out: they help, nothing depends on them.
  if (error || !data) return null;
  const progress = data as unknown as SetupProgress;
  return Object.values(progress).every(Boolean) ? null : progress;
}

export async function action({ request, context }: Route.ActionArgs) {
  const result = await announcementAction(context.get(supabaseContext), await request.formData());
  return data(result, result.ok ? 200 : result.fieldErrors ? 422 : 400);
}

export const meta: Route.MetaFunction = () => [{ title: 'Home · Teamplan' }];

const SHORTCUTS = [
  { to: '/projects', title: 'Projects', text: 'See every project and who works on it.' },
  { to: '/profile', title: 'Profile', text: 'Your name, sign-in settings and time off.' },
  { to: '/about', title: 'About', text: 'What Teamplan does, its version and its API.' },
];

export default function Home({ loaderData }: Route.ComponentProps) {
  const { weeks, allocations, utilization, timeOff, announcements, timeZone, setup } = loaderData;
  const { user, permissions } = useAuth();
  const greeting = user ? `Welcome, ${displayName(user)}` : 'Welcome';
  const reload = useRevalidateWhenIdle();
  useLivePlan({ page: 'home', onChange: reload });
  return (
    <Stack gap="xl">
      <PageHeader
        title={greeting}
        description="News from the organization, your work this week and the next four, and when you are away."
      />
      {setup ? <SetupSteps progress={setup} /> : null}
      <AnnouncementsSection
        announcements={announcements}
        timeZone={timeZone}
        canManage={permissions.can_manage_announcements}
        action="/?index"
      />
      <section aria-labelledby="my-utilization">
        <Title order={2} size="h4" mb="sm" id="my-utilization">
          My utilization
        </Title>
        {utilization.length > 0 ? (
          <WeekLoadCards periods={utilization} currentWeek={weeks[0].start} />
        ) : (
          <Text c="dimmed">Your capacity is not known yet: ask a user manager to add you to the organization.</Text>
        )}
      </section>
      <section aria-labelledby="my-allocations">
        <Title order={2} size="h4" mb="sm" id="my-allocations">
          My allocations
        </Title>
        {allocations.length > 0 ? (
          <Stack>
            <MyAllocationsTable allocations={allocations} />
            <TeamTimeline
              allocations={allocations}
              color="var(--mantine-primary-color-filled)"
              labelBy="project"
              weeks={weeks}
            />
          </Stack>
        ) : (
          <Paper withBorder p="lg">
            <Text>You have no allocations in the next {WEEKS_SHOWN} weeks.</Text>
            <Text size="sm" c="dimmed">
              Project managers plan who works on what. Browse the{' '}
              <Anchor component={Link} to="/projects">
                projects
              </Anchor>{' '}
              to see what is going on.
            </Text>
          </Paper>
        )}
      </section>
      <section aria-labelledby="my-time-off">
        <Group justify="space-between" mb="sm">
          <Title order={2} size="h4" id="my-time-off">
            My upcoming time off
          </Title>
          <Anchor component={Link} to="/profile" size="sm">
            Manage time off
          </Anchor>
        </Group>
        <TimeOffList
          entries={timeOff}
          emptyText="No time off planned. Record vacation or other absences on your profile."
        />
      </section>
      <section aria-labelledby="shortcuts">
        <Title order={2} size="h4" mb="sm" id="shortcuts">
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
      </section>
    </Stack>
  );
}

function MyAllocationsTable({ allocations }: { allocations: AllocationRow[] }) {
  return (
    <StackedTableScroll minWidth={560}>
      <Table className={stacked.table} verticalSpacing="xs" aria-label="My allocations">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Project</Table.Th>
            <Table.Th>Role</Table.Th>
            <Table.Th>Dates</Table.Th>
            <Table.Th ta="right">Hours</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {allocations.map((allocation) => (
            <Table.Tr key={allocation.id}>
              <Table.Td data-label="Project">
                <Anchor component={Link} to={`/projects/${allocation.project_id}`} fw={500}>
                  {allocation.projects?.name ?? 'Project'}
                </Anchor>
                {allocation.tentative ? (
                  <Badge ml="xs" size="xs" variant="outline" color="gray">
                    Tentative
                  </Badge>
                ) : null}
              </Table.Td>
              <Table.Td data-label="Role">{allocation.role ?? '—'}</Table.Td>
              <Table.Td data-label="Dates">{formatRange(allocation.start_date, allocation.end_date)}</Table.Td>
              <Table.Td ta="right" data-label="Hours">
                {formatHours(allocation.hours_per_day, 'h/day')}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </StackedTableScroll>
  );
}
