import type { CallInput, CallOutput } from '@cabdesk/contract';

export type Vehicle = CallOutput<'Vehicle/GetTableSummary'>;

/** What the vehicle form holds: text as typed, numbers as typed ('' when empty), references or null. */
export type VehicleFormValues = {
  registration: string;
  vehicleTypeId: number | null;
  make: string;
  model: string;
  colour: string;
  year: number | string;
  seats: number | string;
  vehicleClass: string | null;
  ownerDriverId: number | null;
  notes: string;
  isActive: boolean;
  tagIds: number[];
};

export function toFormValues(v: Vehicle | null): VehicleFormValues {
  return {
    registration: v?.registration ?? '',
    vehicleTypeId: v?.vehicleTypeId ?? null,
    make: v?.make ?? '',
    model: v?.model ?? '',
    colour: v?.colour ?? '',
    year: v?.year ?? '',
    seats: v?.seats ?? '',
    vehicleClass: v?.vehicleClass ?? null,
    ownerDriverId: v?.ownerDriverId ?? null,
    notes: v?.notes ?? '',
    isActive: v?.isActive ?? true,
    tagIds: v?.tags.map((t) => t.id) ?? [],
  };
}

const numberOrNothing = (v: number | string) => (v === '' ? undefined : v);

/**
 * The call's input: empty numbers and references are left out (the server then stores none), and a
 * missing vehicle type stays missing so that the form says it is required.
 */
export function toInput(v: VehicleFormValues): CallInput<'Vehicle/Create'> {
  return {
    registration: v.registration,
    vehicleTypeId: v.vehicleTypeId ?? (undefined as unknown as number),
    make: v.make,
    model: v.model,
    colour: v.colour,
    year: numberOrNothing(v.year),
    seats: numberOrNothing(v.seats),
    vehicleClass: (v.vehicleClass ?? undefined) as CallInput<'Vehicle/Create'>['vehicleClass'],
    ownerDriverId: v.ownerDriverId ?? 0,
    notes: v.notes,
    isActive: v.isActive,
    tagIds: v.tagIds,
  };
}

/**
 * An update sends every field of the form; empty numbers and a cleared class go as null, since a
 * field left out would keep its stored value.
 */
export const toUpdateInput = (id: number, v: VehicleFormValues): CallInput<'Vehicle/Update'> => ({
  id,
  ...toInput(v),
  vehicleTypeId: v.vehicleTypeId ?? '',
  year: v.year === '' ? null : v.year,
  seats: v.seats === '' ? null : v.seats,
  vehicleClass: v.vehicleClass as CallInput<'Vehicle/Update'>['vehicleClass'],
});

/** "AB12 CDE — Toyota Prius", as the lookup names a vehicle. */
export function vehicleTitle(v: Pick<Vehicle, 'registration' | 'make' | 'model'>): string {
  const car = [v.make, v.model].filter(Boolean).join(' ');
  return car ? `${v.registration} — ${car}` : v.registration;
}
