/**
 * "Choose the days" of a report (issue 24) or of an inspector's records (issue 26): the first and last day (the
 * center's calendar days, both included), checked by the contract's own rule before anything is asked (the last
 * day on or after the first, at most the range `schema` allows: five years for a report, 92 days for an
 * inspection), the message by its field and focus on it; Show writes them into the page's address.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { ReportQuerySchema } from '@lc/contract';
import { Button, Group } from '@mantine/core';
import { useMemo } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { z } from 'zod';
import { TextField } from '../forms/fields';
import { FormFailure, useSubmit } from '../forms/use-submit';

type RangeForm = { from: string; to: string };
type Range = { from?: string | undefined; to?: string | undefined };

/** A schema whose `from` and `to` are optional ISO days (ReportQuerySchema, InspectionQuerySchema). */
type RangeSchema = z.ZodType<Range, unknown>;

const resolverFor = (schema: RangeSchema) =>
  zodResolver(
    z.preprocess((value) => {
      const v = value as RangeForm;
      return { from: v.from || undefined, to: v.to || undefined };
    }, schema) as unknown as z.ZodType<Range, RangeForm>,
  ) as Resolver<RangeForm, unknown, Range>;

export function ReportRange({
  from,
  to,
  onRange,
  schema = ReportQuerySchema,
  label = 'Choose the report’s days',
}: {
  /** The range shown now (the server's, defaults filled in). */
  from: string;
  to: string;
  onRange: (range: { from: string; to: string }) => void;
  schema?: RangeSchema;
  /** The form's accessible name. */
  label?: string;
}) {
  const resolver = useMemo(() => resolverFor(schema), [schema]);
  const form = useForm<RangeForm, unknown, Range>({ resolver, values: { from, to } });
  const { onSubmit, failure } = useSubmit(form, {
    action: async (range) => onRange({ from: range.from ?? '', to: range.to ?? '' }),
    fields: ['from', 'to'],
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label={label}>
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
