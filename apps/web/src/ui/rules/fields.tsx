import { NumberInput, type NumberInputProps, TextInput, type TextInputProps } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';

/** Any form of the rule editors; the fields reach their values by dotted path. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a path into any form's values
export type RulesForm = UseFormReturnType<any>;

/** The company's currency symbol, for money typed in major units. */
export function currencySymbol(currency = localStorage.getItem('currency') ?? 'GBP'): string {
  const part = new Intl.NumberFormat('en-GB', { style: 'currency', currency })
    .formatToParts(0)
    .find((p) => p.type === 'currency');
  return part?.value ?? currency;
}

/** The value at a dotted path of the form's values. */
export function valueAt<T>(form: RulesForm, path: string): T {
  let here: unknown = form.getValues();
  for (const key of path.split('.')) here = (here as Record<string, unknown> | undefined)?.[key];
  return here as T;
}

/**
 * Money typed in major units of the company currency, held as its text (as the booking form's price
 * is): the form turns it into whole minor units when it checks and sends.
 */
export function MoneyField({ model: form, path, ...props }: { model: RulesForm; path: string } & TextInputProps) {
  return (
    <TextInput
      inputMode="decimal"
      leftSection={currencySymbol()}
      placeholder="0.00"
      {...form.getInputProps(path)}
      {...props}
    />
  );
}

/** A number (kilometres, minutes, hours); empty while nothing is typed. */
export function NumberField({ model: form, path, ...props }: { model: RulesForm; path: string } & NumberInputProps) {
  return <NumberInput min={0} hideControls allowNegative={false} {...form.getInputProps(path)} {...props} />;
}
