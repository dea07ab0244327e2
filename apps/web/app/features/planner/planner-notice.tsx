// What the planner says instead of (or above) the grid: a failed load, nobody to plan, no match for the filters, no
// projects, or nothing planned in the range yet, each with what to do next.
import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { Allocation, PlannerData } from './planner-data';

export function PlannerNotice({
  data,
  allocations,
  failed,
  shownPeople,
  onClear,
}: {
  data: PlannerData | null;
  allocations: Allocation[];
  failed: boolean;
  shownPeople: number;
  onClear: () => void;
}) {
  if (failed) {
    return (
      <Alert color="red" title="The plan could not be loaded">
        Check your connection and reload the page.
      </Alert>
    );
  }
  if (!data) return null;
  if (data.people.length === 0) {
    return (
      <Alert color="blue" title="No people to plan yet">
        Invite your team from the{' '}
        <Anchor component={Link} to="/organization">
          Organization
        </Anchor>{' '}
        page; they appear here as soon as they join.
      </Alert>
    );
  }
  if (shownPeople === 0) {
    return (
      <Stack align="center" py="xl">
        <Text>No one matches these filters.</Text>
        <Button variant="light" onClick={onClear}>
          Clear filters
        </Button>
      </Stack>
    );
  }
  if (data.projects.length === 0) {
    return (
      <Alert color="blue" title="No projects yet" mb="sm">
        Create a project on the{' '}
        <Anchor component={Link} to="/projects">
          Projects
        </Anchor>{' '}
        page, then plan people onto it here.
      </Alert>
    );
  }
  if (allocations.length === 0) {
    return (
      <Alert color="blue" title="Nobody is planned in this range yet" mb="sm">
        Click a person&apos;s name to open their row, then drag across the days to allocate them to a project (or press
        Enter on a day). Use Earlier and Later to see other dates.
      </Alert>
    );
  }
  return null;
}
