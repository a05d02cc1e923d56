/**
 * "Choose the days" of a report (issue 24): the first and last day (the center's calendar days, both included),
 * checked by the contract's own rule before anything is asked (the last day on or after the first, at most five
 * years), the message by its field and focus on it; Show writes them into the page's address.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { type ReportQuery, ReportQuerySchema } from '@lc/contract';
import { Button, Group } from '@mantine/core';
import { type Resolver, useForm } from 'react-hook-form';
import { z } from 'zod';
import { TextField } from '../forms/fields';
import { FormFailure, useSubmit } from '../forms/use-submit';

type RangeForm = { from: string; to: string };

const rangeResolver = zodResolver(
  z.preprocess((value) => {
    const v = value as RangeForm;
    return { from: v.from || undefined, to: v.to || undefined };
  }, ReportQuerySchema) as unknown as z.ZodType<ReportQuery, RangeForm>,
) as Resolver<RangeForm, unknown, ReportQuery>;

export function ReportRange({
  from,
  to,
  onRange,
}: {
  /** The range shown now (the server's, defaults filled in). */
  from: string;
  to: string;
  onRange: (range: { from: string; to: string }) => void;
}) {
  const form = useForm<RangeForm, unknown, ReportQuery>({
    resolver: rangeResolver,
    values: { from, to },
  });
  const { onSubmit, failure } = useSubmit(form, {
    action: async (range) => onRange({ from: range.from ?? '', to: range.to ?? '' }),
    fields: ['from', 'to'],
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Choose the report’s days">
      <Group align="flex-start" gap="md" wrap="wrap">
        <TextField form={form} name="from" type="date" label="From" w={180} />
        <TextField form={form} name="to" type="date" label="To" w={180} />
        <Button type="submit" variant="default" mt={25}>
          Show
        </Button>
      </Group>
      <FormFailure failure={failure} />
    </form>
  );
}
