import type { UseFormReturnType } from '@mantine/form';
import type { ModelFormValues } from './model-form';

export { currencySymbol, MoneyField, NumberField, valueAt } from '../../ui/rules/fields';

export type ModelForm = UseFormReturnType<ModelFormValues>;
