import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/errors';
import { notifyError, notifySuccess } from './notify';

/**
 * The submit of a form that calls the server: field errors the server names land beside their
 * fields, any other failure shows as a notification with the server's message.
 */
export function useSubmit<V, R extends { message?: string }>(
  form: UseFormReturnType<V>,
  send: (values: V) => Promise<R>,
  options: { success?: string; onDone?: (result: R) => void } = {},
) {
  const { t } = useTranslation();
  return form.onSubmit(async (values) => {
    try {
      const result = await send(values as V);
      notifySuccess(options.success ?? t('form.saved'), result.message);
      options.onDone?.(result);
    } catch (error) {
      if (error instanceof ApiError && error.errors.length) {
        form.setErrors(error.byField);
        notifyError(t('form.checkFields'), error);
      } else {
        notifyError(t('form.failed'), error);
      }
    }
  });
}
