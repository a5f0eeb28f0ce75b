import type { DataTableColumn } from 'mantine-datatable';
import type { AnyRow, FieldDef, FormValues, RegisterDefinition } from './register-types';

type Translate = (key: string) => string;

/** A register's columns as the table takes them, titled in the reader's language. */
export function tableColumns(def: Pick<RegisterDefinition, 'columns'>, t: Translate): DataTableColumn<AnyRow>[] {
  return def.columns.map((c) => ({
    accessor: c.accessor,
    title: c.title === '' ? '' : t(`reference-data.field.${c.title ?? c.accessor}`),
    sortable: c.sortable ?? false,
    ...(c.render ? { render: c.render } : {}),
    ...(c.width !== undefined ? { width: c.width } : {}),
    ...(c.textAlign ? { textAlign: c.textAlign } : {}),
  }));
}

/** The fields the form shows for the values it holds now (a discount shows percent or amount). */
export function visibleFields(def: Pick<RegisterDefinition, 'fields'>, values: FormValues): FieldDef[] {
  return def.fields.filter((f) => !f.showIf || f.showIf(values));
}

/** The list call's input: paging, sorting and search plus the filters that are set. */
export function listInput(query: object, filters: Record<string, unknown>): Record<string, unknown> {
  const set = Object.entries(filters).filter(([, v]) => v !== undefined && v !== null && v !== '');
  return { ...query, ...Object.fromEntries(set) };
}
