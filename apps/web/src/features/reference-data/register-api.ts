import { useQueryClient } from '@tanstack/react-query';
import type { BuiltName, ListResponse, MutationResponse } from '@cabdesk/contract';
import { callApi } from '../../api/client';
import { ApiError } from '../../api/errors';
import { useCall } from '../../api/hooks';
import { refreshAfter } from '../../api/refresh';
import type { UploadedFile } from '../../ui/ImageUpload';
import { isSaved } from './form-values';
import type { AnyRow, RegisterDefinition } from './register-types';

/*
 * The one place the generic page meets the typed client: a register's call names are only known
 * from its definition, so their inputs and answers are handled as plain records here.
 */
type Call = (name: BuiltName, input: unknown) => Promise<unknown>;
const call = callApi as unknown as Call;

export function useRegisterList(def: RegisterDefinition, input: Record<string, unknown>) {
  return useCall(def.calls.list as 'DriverType/GetTableSummary', input as never) as unknown as {
    data?: ListResponse<AnyRow>;
    isFetching: boolean;
    isPending: boolean;
    error: unknown;
  };
}

/**
 * Create, update, delete and picture upload of a register. Each counts as done only on code 200
 * (spec 000 §4); then the list is refreshed with the params it was last loaded with, and so are the
 * overview counts and the look-ups that list the register elsewhere.
 */
export function useRegisterChanges(def: RegisterDefinition) {
  const client = useQueryClient();
  // Registers are what the look-ups list, so a change refreshes every look-up as well.
  const refresh = (name: BuiltName) => refreshAfter(client, name, { also: ['Lookup', ...(def.refreshes ?? [])] });
  const run =
    (name: BuiltName) =>
    async (input: Record<string, unknown>): Promise<MutationResponse<AnyRow>> => {
      const response = (await call(name, input)) as MutationResponse<AnyRow>;
      if (!isSaved(response)) {
        const code = (response as { code?: number }).code ?? 500;
        throw new ApiError(code, response.message || `The server answered ${code}.`, [], response);
      }
      await refresh(name);
      return response;
    };
  const picture = def.picture;
  return {
    create: run(def.calls.create),
    update: run(def.calls.update),
    remove: (id: number) => run(def.calls.remove)({ id }),
    upload: picture
      ? (id: number, file: UploadedFile) =>
          run(picture.call)({ id, file }) as unknown as Promise<MutationResponse<{ imageUrl: string }>>
      : undefined,
  };
}
