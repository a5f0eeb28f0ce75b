import type { BuiltName, CallInput, CallOutput, MutationResponse } from '@cabdesk/contract';
import type { z } from 'zod';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { loadInputSchema, readyInputSchema, useInputSchema } from '../api/call-schema';
import { callApi } from '../api/client';
import { ApiError } from '../api/errors';
import { refreshAfter, type RefreshRule } from '../api/refresh';
import { notifyError, notifySuccess } from '../ui/notify';
import type { ChangeName } from './call-kinds';
import { checkWith, type FieldOf, placeErrors } from './place-errors';

type Values = Record<string, unknown>;

export interface CallFormOptions<V extends Values, K extends ChangeName> {
  initialValues: V;
  /** What the call is sent: the form's values turned into the call's input. */
  toInput: (values: V) => CallInput<K>;
  /** Places an input path the form calls differently; undefined keeps the default placement. */
  fieldOf?: FieldOf;
  /** Rules across fields the contract's schema cannot state, as field errors. */
  moreRules?: (values: V) => Record<string, string>;
  /** The notification's title on success; false when the caller announces the result itself. */
  success?: string | false;
  onSaved?: (saved: CallOutput<K>) => void;
  refreshes?: RefreshRule;
}

export interface ContractForm<V extends Values> {
  form: UseFormReturnType<V>;
  submit: (event?: FormEvent<HTMLFormElement>) => void;
  saving: boolean;
  /** Errors the server named for fields this form does not show. */
  unplaced: string[];
}

/**
 * A form for one changing call: validated as you type by the call's own input schema (the same
 * rules and words as the server), sent through the call, with the server's field errors placed on
 * their fields and the rest listed in words. After a failed submit the first field in error takes
 * the focus, so a long form shows what to fix.
 */
export function useCallForm<V extends Values, K extends ChangeName>(
  call: K,
  options: CallFormOptions<V, K>,
): ContractForm<V> {
  return useChangeForm(call, options as unknown as LooseOptions<V>);
}

/**
 * The form of a kind of record: the create call for a new one, the update call for an existing one,
 * each validated by its own input schema.
 */
export function useContractForm<V extends Values, C extends ChangeName, U extends ChangeName, R>(
  createCall: C,
  updateCall: U,
  toInput: { create: (values: V) => CallInput<C>; update: (values: V, record: R) => CallInput<U> },
  options: Omit<CallFormOptions<V, C>, 'toInput' | 'onSaved'> & {
    record: R | null;
    onSaved?: (saved: CallOutput<C> | CallOutput<U>) => void;
  },
): ContractForm<V> {
  const { record, ...rest } = options;
  return useChangeForm(record === null ? createCall : updateCall, {
    ...(rest as Omit<LooseOptions<V>, 'toInput'>),
    toInput: (values) => (record === null ? toInput.create(values) : toInput.update(values, record)),
  });
}

/*
 * Below the typed doors above, one call whose name is chosen at run time: its input and answer are
 * handled as plain values here (as the reference-data registers do).
 */
type LooseOptions<V extends Values> = Omit<CallFormOptions<V, ChangeName>, 'toInput' | 'onSaved'> & {
  toInput: (values: V) => unknown;
  onSaved?: (saved: unknown) => void;
};
const send = callApi as unknown as (name: BuiltName, input: unknown) => Promise<MutationResponse<unknown>>;

function checkWithRules(schema: z.ZodType | undefined, input: unknown, values: Values, fieldOf?: FieldOf) {
  return schema ? checkWith(schema, input, values, fieldOf).byField : {};
}

function useChangeForm<V extends Values>(call: ChangeName, options: LooseOptions<V>): ContractForm<V> {
  const { t } = useTranslation();
  const client = useQueryClient();
  const mutation = useMutation({
    mutationFn: (input: unknown) => send(call, input),
    onSuccess: () => refreshAfter(client, call, options.refreshes),
  });
  // Loads the call's rules when the form opens; they are read where they are used, so a check made
  // after they arrive uses them even before the next render.
  useInputSchema(call);
  const [unplaced, setUnplaced] = useState<string[]>([]);
  const form = useForm<V>({
    initialValues: options.initialValues,
    validate: (values) => ({
      ...checkWithRules(readyInputSchema(call), options.toInput(values), values, options.fieldOf),
      ...options.moreRules?.(values),
    }),
    validateInputOnChange: true,
  });
  // The server's errors land a moment after the submit; the focus follows them. A dropdown would
  // open on focus and hide its own error, so it is only brought into view.
  const focusFirstError = (element: HTMLFormElement | null | undefined) =>
    setTimeout(() => {
      const field = element?.querySelector<HTMLElement>('[aria-invalid="true"]');
      if (field?.getAttribute('aria-haspopup')) field.scrollIntoView({ block: 'center' });
      else field?.focus();
    }, 50);

  const checkedSubmit = form.onSubmit(
    async (values, event) => {
      // Read before the first await: the event forgets its form once dispatched.
      const element = event?.currentTarget;
      setUnplaced([]);
      try {
        const answer = await mutation.mutateAsync(options.toInput(values));
        // Spec 000 §4: a change is done only when it answers code 200.
        if (answer.code !== 200) throw new ApiError(answer.code, answer.message, [], answer);
        if (options.success !== false) notifySuccess(options.success ?? t('form.saved'), answer.message);
        options.onSaved?.(answer.data);
      } catch (error) {
        if (error instanceof ApiError && error.errors.length) {
          const placed = placeErrors(error.errors, values, options.fieldOf);
          form.setErrors(placed.byField);
          setUnplaced(placed.unplaced);
          notifyError(t('form.checkFields'), error);
          focusFirstError(element);
        } else {
          notifyError(t('form.failed'), error);
        }
      }
    },
    (_errors, _values, event) => focusFirstError(event?.currentTarget),
  );

  // A form sent before its rules arrived (a moment after it opened) waits for them, then is sent again.
  const submit = (event?: FormEvent<HTMLFormElement>) => {
    if (readyInputSchema(call) || !event) return checkedSubmit(event);
    event.preventDefault();
    const element = event.currentTarget;
    void loadInputSchema(call).then(() => element.requestSubmit());
  };

  return { form, submit, saving: mutation.isPending, unplaced };
}
