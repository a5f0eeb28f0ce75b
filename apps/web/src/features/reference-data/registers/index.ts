import type { RegisterDefinition } from '../register-types';
import { documentTypes, tags, vehicleTypes } from './fleet';
import { discountCodes, expenseTypes } from './money';
import { clientReferences, clientTypes, driverTypes } from './people';
import { exclusions, knownLocations, zones } from './places';

/** Every register, in the order of the overview. */
export const registers: RegisterDefinition[] = [
  driverTypes,
  clientTypes,
  clientReferences,
  vehicleTypes,
  zones,
  knownLocations,
  documentTypes,
  tags,
  expenseTypes,
  exclusions,
  discountCodes,
];

export function registerById(id: string | undefined): RegisterDefinition | undefined {
  return registers.find((r) => r.id === id);
}
