import type { ChangeName } from './call-kinds';

/**
 * One kind of record on the web (drivers, vehicles… invoices): where its pages live, the words it
 * uses and the calls that change it. Declared once per kind with `as const satisfies RecordKind`,
 * so that forms keep the exact call names and their input types.
 *
 * Its words, under `<ns>.` in the feature's locales: title, subtitle, add, empty, backToList,
 * notFound, badAddress, missing, deleteQuestion, deleted, deleteFailed, switchOn, switchOff,
 * switchedOn, switchedOff.
 */
export interface RecordKind {
  ns: string;
  /** The list's address; each record lives at `<path>/<id>`. */
  path: string;
  create: ChangeName;
  update: ChangeName;
  remove: ChangeName;
}
