import { Button, Group } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { TextField } from '../forms/fields';
import { useSubmit } from '../forms/use-submit';

/**
 * The search box above a staff list: a labelled field and a Search button in a `<search>` landmark. The
 * words are sent, trimmed, only when the form is submitted (Enter or the button), so each search is one
 * entry in the page's URL and history. `value` is the search the page opened with (from its URL). A form
 * of the kit (docs/architecture.md, "Forms") whose request is the list's own.
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
  const form = useForm<{ q: string }>({ defaultValues: { q: value ?? '' } });
  const { onSubmit } = useSubmit(form, {
    action: async ({ q }) => onSearch(q.trim()),
    fields: [],
  });
  return (
    <search>
      <form onSubmit={onSubmit}>
        <Group align="flex-end" gap="xs">
          <TextField form={form} name="q" label={label} placeholder={placeholder} maxLength={100} />
          <Button type="submit" variant="default">
            Search
          </Button>
        </Group>
      </form>
    </search>
  );
}
