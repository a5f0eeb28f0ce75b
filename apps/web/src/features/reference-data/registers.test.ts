import { contract, fixedLists } from '@cabdesk/contract';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import de from './locales/de.json';
import en from './locales/en.json';
import { tableColumns, visibleFields, listInput } from './register-columns';
import { registerById, registers } from './registers';
import { discountCodes } from './registers/money';

type Declared = { kind: string; input?: z.ZodType; subject?: string };
const call = (name: string) => (contract as unknown as Record<string, Declared>)[name];

/** The ids Common/GetTableSummary answers (apps/server/src/domains/reference-data/overview.ts). */
const overviewIds = [
  'driver-types',
  'client-types',
  'client-references',
  'vehicle-types',
  'zones',
  'known-locations',
  'document-types',
  'tags',
  'expense-types',
  'exclusions',
  'discount-codes',
];

const keysOf = (value: unknown, prefix = ''): string[] =>
  typeof value === 'object' && value !== null
    ? Object.entries(value).flatMap(([k, v]) => keysOf(v, prefix ? `${prefix}.${k}` : k))
    : [prefix];

const hasKey = (locale: unknown, key: string) =>
  key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], locale) !== undefined;

describe('one definition per register', () => {
  it('covers every register of the overview, once', () => {
    expect(registers.map((r) => r.id).sort()).toEqual([...overviewIds].sort());
    expect(registerById('zones')?.calls.list).toBe('Zone/GetTableSummaryZones');
    expect(registerById('nope')).toBeUndefined();
  });

  for (const def of registers) {
    describe(def.id, () => {
      it('names built calls of its subject, and creates with the schema the form validates with', () => {
        for (const name of Object.values(def.calls)) {
          expect(call(name)?.kind, name).not.toBe('planned');
          expect(call(name)?.subject, name).toBe(def.subject);
        }
        expect(call(def.calls.create)?.input).toBe(def.schema);
        if (def.picture) expect(call(def.picture.call)?.kind).toBe('mutation');
      });

      it('sorts and filters only on what its list call accepts', () => {
        const input = call(def.calls.list)?.input as z.ZodType;
        for (const column of def.columns.filter((c) => c.sortable)) {
          expect(input.safeParse({ sortColumn: column.accessor }).success, column.accessor).toBe(true);
        }
        expect(input.safeParse({ sortColumn: def.defaultSort.column }).success).toBe(true);
        expect(input.safeParse({ sortColumn: 'noSuchColumn' }).success).toBe(false);
        for (const filter of def.filters) {
          const sample =
            filter.kind === 'active' ? false : filter.kind === 'fixed' ? fixedLists[filter.list][0]?.code : 1;
          expect(input.safeParse({ [filter.name]: sample }).success, filter.name).toBe(true);
          expect(Object.keys((input as z.ZodObject).shape)).toContain(filter.name);
        }
        expect(new Set(def.columns.map((c) => c.accessor)).size).toBe(def.columns.length);
      });

      it('asks for fields its schema knows', () => {
        const shape = Object.keys((def.schema as z.ZodObject).shape);
        for (const field of def.fields) {
          expect(shape, field.name).toContain(field.name);
          if (field.kind === 'dateRange') expect(shape).toContain(field.end);
          if (field.kind === 'point') expect(shape).toContain(field.lng);
        }
      });

      it('has its words in English and German', () => {
        const keys = [
          `registers.${def.id}.title`,
          `registers.${def.id}.one`,
          `registers.${def.id}.subtitle`,
          ...def.columns.filter((c) => c.title !== '').map((c) => `field.${c.title ?? c.accessor}`),
          ...def.fields.map((f) => `field.${f.label ?? f.name}`),
          ...def.fields.flatMap((f) => (f.help ? [`help.${f.help}`] : [])),
          ...def.filters.flatMap((f) =>
            f.kind === 'fixed' ? [`filter.any.${f.list}`] : f.kind === 'lookup' ? [`filter.any.${f.label}`] : [],
          ),
        ];
        for (const key of keys) {
          expect(hasKey(en, key), `en ${key}`).toBe(true);
          expect(hasKey(de, key), `de ${key}`).toBe(true);
        }
      });
    });
  }

  it('keeps the German words in step with the English ones', () => {
    expect(keysOf(de).sort()).toEqual(keysOf(en).sort());
  });
});

describe('from a definition to the screen', () => {
  it('titles the columns in the reader’s language and keeps their renderers', () => {
    const columns = tableColumns(discountCodes, (key) => `<${key}>`);
    expect(columns.map((c) => c.title)).toEqual([
      '<reference-data.field.code>',
      '<reference-data.field.description>',
      '<reference-data.field.value>',
      '<reference-data.field.validity>',
      '<reference-data.field.uses>',
      '<reference-data.field.isActive>',
    ]);
    expect(columns.filter((c) => c.sortable).map((c) => c.accessor)).toEqual([
      'code',
      'validFrom',
      'usedCount',
      'isActive',
    ]);
    expect(typeof columns[0]?.render).toBe('function');
  });

  it('shows the percentage or the amount of a discount, never both', () => {
    const names = (discountType: string) => visibleFields(discountCodes, { discountType }).map((f) => f.name);
    expect(names('percent')).toContain('percentBp');
    expect(names('percent')).not.toContain('amountMinor');
    expect(names('amount')).toContain('amountMinor');
    expect(names('amount')).not.toContain('percentBp');
  });

  it('sends only the filters that are set', () => {
    expect(listInput({ page: 0, perPage: 10, q: '' }, { isActive: false, tagType: undefined, clientId: null })).toEqual(
      { page: 0, perPage: 10, q: '', isActive: false },
    );
  });
});
