import { MultiSelect, type MultiSelectProps } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import type { ReactNode } from 'react';
import { useCall } from '../api/hooks';

type AnyForm<V extends Record<string, unknown>> = UseFormReturnType<V>;

/**
 * Value, change and error of a form field for LookupSelect, which takes its value as given rather
 * than through an input event.
 */
export function lookupProps<V extends Record<string, unknown>>(form: AnyForm<V>, field: string) {
  const props = form.getInputProps(field);
  return {
    value: (props.value ?? null) as string | number | null,
    onChange: (value: string | number | null) => props.onChange(value),
    onBlur: props.onBlur,
    error: props.error as ReactNode,
  };
}

type TagCall =
  'Driver/GetDriverTagList' | 'Vehicle/GetVehicleTagList' | 'Client/GetClientTagList' | 'Common/GetTagList';

/** The tags of a record: a searchable multiple choice fed by the kind's tag list, held as ids. */
export function TagsField<V extends Record<string, unknown>>({
  form,
  field = 'tagIds',
  call,
  filters,
  ...props
}: { form: AnyForm<V>; field?: string; call: TagCall; filters?: { tagType: 'passenger' } } & Omit<
  MultiSelectProps,
  'data' | 'value' | 'onChange' | 'form'
>) {
  const tags = useCall(call, { perPage: 0, ...filters }, { staleTime: 60_000 });
  const input = form.getInputProps(field);
  const ids = (input.value ?? []) as number[];
  return (
    <MultiSelect
      searchable
      clearable
      nothingFoundMessage="—"
      {...props}
      data={(tags.data?.data ?? []).map((tag) => ({ value: String(tag.id), label: tag.name }))}
      value={ids.map(String)}
      onChange={(values) => input.onChange(values.map(Number))}
      error={input.error as ReactNode}
    />
  );
}
