import { Select } from '@mantine/core';
import { fixedLists } from '@cabdesk/contract';
import { useTranslation } from 'react-i18next';
import { LookupSelect } from '../../ui/LookupSelect';
import { fixedLabel } from './cells';
import type { FilterDef } from './register-types';

/** The filters of a register above its table (active or not, a type, a client…). */
export function RegisterFilters({
  filters,
  values,
  onChange,
}: {
  filters: FilterDef[];
  values: Record<string, unknown>;
  onChange: (name: string, value: unknown) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      {filters.map((f) => {
        const value = values[f.name];
        switch (f.kind) {
          case 'active':
            return (
              <Select
                key={f.name}
                aria-label={t('reference-data.filter.state')}
                placeholder={t('reference-data.filter.anyState')}
                data={[
                  { value: 'true', label: t('reference-data.active') },
                  { value: 'false', label: t('reference-data.inactive') },
                ]}
                value={value === undefined ? null : String(value)}
                onChange={(v) => onChange(f.name, v === null ? undefined : v === 'true')}
                clearable
                w={170}
              />
            );
          case 'fixed':
            return (
              <Select
                key={f.name}
                aria-label={t(`reference-data.field.${f.name}`)}
                placeholder={t(`reference-data.filter.any.${f.list}`)}
                data={fixedLists[f.list].map((e) => ({ value: e.code, label: fixedLabel(f.list, e.code) }))}
                value={(value as string | undefined) ?? null}
                onChange={(v) => onChange(f.name, v ?? undefined)}
                clearable
                w={180}
              />
            );
          case 'lookup':
            return (
              <LookupSelect
                key={f.name}
                call={f.call}
                aria-label={t(`reference-data.field.${f.label}`)}
                placeholder={t(`reference-data.filter.any.${f.label}`)}
                value={value as number | undefined}
                onChange={(v) => onChange(f.name, v ?? undefined)}
                w={220}
              />
            );
        }
      })}
    </>
  );
}
