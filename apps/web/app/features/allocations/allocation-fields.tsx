// The fields of an allocation, the same on every screen that creates or changes one: labels, controls, limits and
// order. Controlled: the screen holds the values and decides how they are saved.
import {
  Alert,
  Anchor,
  Checkbox,
  Group,
  List,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { FieldErrors } from '../../lib/action-result';
import type { AllocationFormValues } from './allocation-draft';
import { DateField } from '../../ui/date-field';
import { DecimalInput } from '../../ui/decimal-input';

type Choice = { value: string; label: string };
/** A person to choose, with their free hours for the chosen dates when known. */
type PersonOption = Choice & { free?: string | null; over?: boolean };

type AllocationFormFieldsProps = {
  values: AllocationFormValues;
  onChange: (change: Partial<AllocationFormValues>) => void;
  errors: FieldErrors;
  /** Projects to choose from; left out when the project is fixed, then named by projectName. */
  projects?: Choice[];
  projectName?: string;
  /** People to choose from; left out when the person is fixed, then named by personName. */
  people?: PersonOption[];
  personName?: string;
  /** Things to look at before saving, which do not stop the save. */
  warnings?: string[];
};

export function AllocationFormFields({
  values,
  onChange,
  errors,
  projects,
  projectName,
  people,
  personName,
  warnings = [],
}: AllocationFormFieldsProps) {
  return (
    <Stack gap="sm">
      {projects?.length === 0 ? (
        <Alert color="yellow" title="No project to allocate to">
          Create a project first on the{' '}
          <Anchor component={Link} to="/projects">
            Projects
          </Anchor>{' '}
          page.
        </Alert>
      ) : null}
      {projects ? (
        <Select
          label="Project"
          name="project_id"
          data={projects}
          value={values.project_id || null}
          onChange={(value) => onChange({ project_id: value ?? '' })}
          searchable
          required
          error={errors.project_id}
          nothingFoundMessage="No project matches"
          // The cursor waits in the first field; a list opened at once would hide the dates already filled in.
          openOnFocus={false}
          data-autofocus
        />
      ) : (
        <Fixed label="Project" name={projectName} />
      )}
      {people ? (
        <Select
          label="Person"
          name="user_id"
          data={people.map(({ value, label }) => ({ value, label }))}
          description={
            people.some((person) => person.free)
              ? 'The most free on these dates first'
              : 'Choose the dates to see who is free'
          }
          renderOption={({ option }) => (
            <PersonOptionLabel label={option.label} person={freeOf(people, option.value)} />
          )}
          value={values.user_id || null}
          onChange={(value) => onChange({ user_id: value ?? '' })}
          searchable
          required
          error={errors.user_id}
          nothingFoundMessage="Nobody by that name"
          openOnFocus={false}
          data-autofocus={projects ? undefined : true}
        />
      ) : (
        <Fixed label="Person" name={personName} />
      )}
      <SimpleGrid cols={2}>
        <DateField
          label="Start date"
          name="start_date"
          value={values.start_date}
          onChange={(start_date) => onChange({ start_date })}
          required
          error={errors.start_date}
        />
        <DateField
          label="End date"
          name="end_date"
          value={values.end_date}
          onChange={(end_date) => onChange({ end_date })}
          required
          error={errors.end_date}
        />
        <DecimalInput
          label="Hours per day"
          name="hours_per_day"
          value={values.hours_per_day}
          onChange={(hours_per_day) => onChange({ hours_per_day })}
          min={0}
          max={24}
          step={0.5}
          allowNegative={false}
          required
          error={errors.hours_per_day}
        />
        <TextInput
          label="Role"
          name="role"
          value={values.role}
          onChange={(event) => onChange({ role: event.currentTarget.value })}
          placeholder="e.g. Designer"
          maxLength={120}
          error={errors.role}
        />
      </SimpleGrid>
      <Checkbox
        label="Tentative (pencilled in, not confirmed)"
        name="tentative"
        checked={values.tentative}
        onChange={(event) => onChange({ tentative: event.currentTarget.checked })}
      />
      <Textarea
        label="Note"
        name="note"
        value={values.note}
        onChange={(event) => onChange({ note: event.currentTarget.value })}
        autosize
        minRows={2}
        maxRows={6}
        maxLength={2000}
        error={errors.note}
      />
      <AllocationWarnings warnings={warnings} />
    </Stack>
  );
}

/** A choice the screen has already made, named so the person knows what they are planning. */
function Fixed({ label, name }: { label: string; name?: string }) {
  return name ? (
    <Text size="sm">
      {label}: <strong>{name}</strong>
    </Text>
  ) : null;
}

/** Warnings, not errors: the allocation may still be saved as it is. */
function AllocationWarnings({ warnings }: { warnings: string[] }) {
  // Always in the page, so that a screen reader hears warnings as they appear.
  return (
    <div aria-live="polite">
      {warnings.length > 0 ? (
        <Alert
          color="yellow"
          variant="light"
          title="Check before saving"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          data-testid="allocation-warnings"
        >
          <List size="sm" spacing={2}>
            {warnings.map((warning) => (
              <List.Item key={warning}>{warning}</List.Item>
            ))}
          </List>
          <Text size="xs" mt={4}>
            You can still save it.
          </Text>
        </Alert>
      ) : null}
    </div>
  );
}

function freeOf(people: PersonOption[], id: string): PersonOption | undefined {
  return people.find((person) => person.value === id);
}

/** A person in the picker: name, and their free hours on the chosen dates. */
function PersonOptionLabel({ label, person }: { label: string; person?: PersonOption }) {
  return (
    <Group justify="space-between" wrap="nowrap" w="100%" gap="sm">
      <span>{label}</span>
      {person?.free ? (
        <Text size="xs" c={person.over ? 'red.8' : 'dimmed'} style={{ whiteSpace: 'nowrap' }}>
          {person.free}
        </Text>
      ) : null}
    </Group>
  );
}
