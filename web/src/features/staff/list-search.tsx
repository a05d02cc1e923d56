import { Button, Group, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';

/**
 * The search box above a staff list: a labelled field and a Search button in a `<search>` landmark. The
 * words are sent, trimmed, only when the form is submitted (Enter or the button), so each search is one
 * entry in the page's URL and history. `value` is the search the page opened with (from its URL).
 */
export function ListSearch({
  label,
  placeholder,
  value,
  onSearch,
}: {
  label: string;
  placeholder: string;
  value: string | undefined;
  onSearch: (q: string) => void;
}) {
  const [search, setSearch] = useState(value ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(search.trim());
  };
  return (
    <search>
      <form onSubmit={submit}>
        <Group align="flex-end" gap="xs">
          <TextInput
            label={label}
            placeholder={placeholder}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            maxLength={100}
          />
          <Button type="submit" variant="default">
            Search
          </Button>
        </Group>
      </form>
    </search>
  );
}
