import { useQueryClient } from '@tanstack/react-query';
import type { BuiltName, ListResponse, MutationResponse } from '@cabdesk/contract';
import { callApi } from '../../api/client';
import { ApiError } from '../../api/errors';
import { useCall } from '../../api/hooks';
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

/** Every row of a register unpaged (the zone map's context), bounded by the list's own limit. */
export function useRegisterRows(def: RegisterDefinition, enabled = true) {
  return useCall(def.calls.list as 'DriverType/GetTableSummary', { perPage: 0 }, { enabled }) as unknown as {
    data?: ListResponse<AnyRow>;
  };
}

/**
 * Create, update, delete and picture upload of a register. Each counts as done only on code 200
 * (spec 000 §4); then the list is refreshed with the params it was last loaded with, and so are the
 * overview counts and the look-ups that list the register elsewhere.
 */
export function useRegisterChanges(def: RegisterDefinition) {
  const client = useQueryClient();
  const refresh = () =>
    Promise.all(
      [def.calls.list, 'Common/GetTableSummary', ...(def.invalidates ?? [])].map((name) =>
        client.invalidateQueries({ queryKey: [name] }),
      ),
    );
  const run =
    (name: BuiltName) =>
    async (input: Record<string, unknown>): Promise<MutationResponse<AnyRow>> => {
      const response = (await call(name, input)) as MutationResponse<AnyRow>;
      if (!isSaved(response)) {
        const code = (response as { code?: number }).code ?? 500;
        throw new ApiError(code, response.message || `The server answered ${code}.`, [], response);
      }
      await refresh();
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
