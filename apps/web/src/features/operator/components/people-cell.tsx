import { Stack, Text } from '@mantine/core';
import type { Person } from '@portal/domain/operator';

/** A short list of people (name and address), or a dash when there is nobody. */
export function PeopleCell({ people, emptyText }: { people: readonly Person[]; emptyText: string }) {
  if (people.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        {emptyText}
      </Text>
    );
  }
  return (
    <Stack gap={2} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
      {people.map((person) => (
        <Text key={person.id} size="sm" component="li" style={{ overflowWrap: 'anywhere' }} title={person.name}>
          {person.email}
        </Text>
      ))}
    </Stack>
  );
}

/** The people on a phone's card, under their heading. */
export function PeopleOnCard({ heading, people, emptyText }: { heading: string; people: readonly Person[]; emptyText: string }) {
  return (
    <div>
      <Text size="sm" fw={600}>
        {heading}
      </Text>
      <PeopleCell people={people} emptyText={emptyText} />
    </div>
  );
}
