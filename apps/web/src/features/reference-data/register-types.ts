import type { BuiltName, FixedListName, Subject } from '@cabdesk/contract';
import type { Icon } from '@tabler/icons-react';
import type { ComponentProps, ReactNode } from 'react';
import type { z } from 'zod';
import type { RefreshTarget } from '../../api/refresh';
import type { LookupSelect } from '../../ui/LookupSelect';

/** A look-up call LookupSelect can feed a dropdown from. */
export type LookupCall = ComponentProps<typeof LookupSelect>['call'];

/**
 * A look-up another domain declares but may not have built yet: typed loosely so the register
 * compiles either way; until it is built the server answers 501 and the dropdown stays empty.
 */
export const otherDomainLookup = (name: string): LookupCall => name as LookupCall;

export interface AnyRow {
  id: number;
  [key: string]: unknown;
}

/** The form's values: what the inputs hold (money as typed text, dates as YYYY-MM-DD or null). */
export type FormValues = Record<string, unknown>;

interface FieldBase {
  /** The payload key (and the form key, so server field errors land on it). */
  name: string;
  /** Key under reference-data.field; defaults to the name. */
  label?: string;
  /** Key under reference-data.help. */
  help?: string;
  /** Fields whose value decides whether this one is shown (discount: percent or amount). */
  showIf?: (values: FormValues) => boolean;
  /** Value of a new row. */
  initial?: unknown;
  /** Takes the whole width in a two-column form. */
  wide?: boolean;
  required?: boolean;
}

export type FieldDef = FieldBase &
  (
    | { kind: 'text'; maxLength?: number; upperCase?: boolean }
    | { kind: 'textarea'; maxLength?: number }
    | { kind: 'number'; min?: number; max?: number }
    | { kind: 'switch' }
    | { kind: 'lookup'; call: LookupCall; valueKey?: 'id' | 'code' }
    | { kind: 'fixed'; list: FixedListName }
    | { kind: 'choice'; options: readonly string[] }
    /** `name` is the start, `end` the end field. */
    | { kind: 'dateRange'; end: string }
    | { kind: 'colour' }
    /** Minor units in the payload, whole units (12.50) in the form. */
    | { kind: 'money' }
    /** Basis points in the payload, a percentage (12.5) in the form. */
    | { kind: 'percent' }
    /** [lat, lng] points drawn on the map. */
    | { kind: 'polygon' }
    /** `name` is the latitude, `lng` the longitude; picked on the map. */
    | { kind: 'point'; lng: string }
  );

export type FieldKind = FieldDef['kind'];

export interface ColumnDef<Row> {
  accessor: keyof Row & string;
  /** Key under reference-data.field; defaults to the accessor. Empty string: no title. */
  title?: string;
  sortable?: boolean;
  render?: (row: Row) => ReactNode;
  width?: number | string;
  textAlign?: 'left' | 'center' | 'right';
}

export type FilterDef =
  | { name: 'isActive'; kind: 'active' }
  | { name: string; kind: 'fixed'; list: FixedListName }
  | { name: string; kind: 'lookup'; call: LookupCall; label: string };

/** Upload of a register's picture (vehicle types): the call and where the row keeps its address. */
export interface PictureDef {
  call: BuiltName;
  urlField: string;
}

/**
 * One register of reference data: its calls (the spec's names differ per register), what its list
 * shows, what its form asks and how it filters. RegisterPage does the rest.
 */
export interface RegisterDefinition<Row extends AnyRow = AnyRow> {
  /** The address (/settings/reference-data/<id>) and the id Common/GetTableSummary gives it. */
  id: string;
  icon: Icon;
  /** The permission subject of its calls. */
  subject: Subject;
  calls: { list: BuiltName; create: BuiltName; update: BuiltName; remove: BuiltName };
  /** The contract's field schema: the form validates with it as you type. */
  schema: z.ZodType;
  columns: ColumnDef<Row>[];
  fields: FieldDef[];
  filters: FilterDef[];
  defaultSort: { column: string; direction: 'asc' | 'desc' };
  /** How a row is named in questions ("Delete the zone City centre?"). */
  titleOf: (row: Row) => string;
  /**
   * Reads of other subjects that show this register's rows (a vehicle's type, a driver's tags),
   * refreshed after a change besides the register's own subject and every look-up.
   */
  refreshes?: RefreshTarget[];
  picture?: PictureDef;
  /** Map registers get a wider form. */
  wideForm?: boolean;
}

/** Keeps a register's row type for its columns, then stores it beside the others. */
export function defineRegister<Row extends AnyRow>(def: RegisterDefinition<Row>): RegisterDefinition {
  return def as unknown as RegisterDefinition;
}
