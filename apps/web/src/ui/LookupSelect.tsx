import { Select, type SelectProps } from '@mantine/core';
import type { BuiltName } from '@cabdesk/contract';
import { useCall } from '../api/hooks';
import { fixedLabel, fixedListOfCall } from './fixedLabel';

type LookupCall = Extract<
  BuiltName,
  `${string}/Get${string}List${string}` | 'Common/TaxList' | 'Common/GetVehicleTypes'
>;

interface Props extends Omit<SelectProps, 'data' | 'value' | 'onChange'> {
  /** A look-up call answering rows with id and name (and code for fixed lists). */
  call: LookupCall;
  /** Fixed lists take their code; registers their numeric id. */
  valueKey?: 'id' | 'code';
  value: string | number | null | undefined;
  onChange: (value: string | number | null) => void;
  filters?: Record<string, unknown>;
}

/** A dropdown fed by a look-up call, searchable, with the loading state shown. */
export function LookupSelect({ call, valueKey = 'id', value, onChange, filters, ...props }: Props) {
  const rows = useCall(call, { perPage: 0, ...filters } as never, { staleTime: 60_000 });
  const list = fixedListOfCall[call];
  const items = ((rows.data as { data?: Record<string, unknown>[] } | undefined)?.data ?? []).map((r) => ({
    value: String(r[valueKey]),
    label: list && r.code !== undefined ? fixedLabel(list, String(r.code)) : String(r.name),
  }));
  return (
    <Select
      searchable
      clearable
      nothingFoundMessage="—"
      {...props}
      data={items}
      disabled={props.disabled || rows.isPending}
      value={value === null || value === undefined || value === '' ? null : String(value)}
      onChange={(v) => onChange(v === null ? null : valueKey === 'id' && /^\d+$/.test(v) ? Number(v) : v)}
    />
  );
}
