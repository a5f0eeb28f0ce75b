import { Alert, Autocomplete, Button, Modal, Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconShieldLock } from '@tabler/icons-react';
import { schemas, type CallInput } from '@cabdesk/contract';
import { useTranslation } from 'react-i18next';
import { useCallMutation } from '../../../api/hooks';
import { useSubmit } from '../../../ui/useSubmit';
import { zodValidate } from '../../../ui/zodForm';

interface Values {
  providerToken: string;
  brand: string;
  last4: string;
  expMonth: string | null;
  expYear: string | null;
  holderName: string;
  isDefault: boolean;
}

const validate = zodValidate(schemas.driverCardCreateInput);

/** 12 to 19 digits, spaces or dashes between them: what a card number looks like. */
export const looksLikeCardNumber = (text: string) => /(?:\d[ -]?){11,18}\d/.test(text);
const brands = ['Visa', 'Mastercard', 'American Express', 'Maestro', 'Discover'];
const months = Array.from({ length: 12 }, (_, i) => String(i + 1).padStart(2, '0'));
const years = () => Array.from({ length: 16 }, (_, i) => String(new Date().getFullYear() + i));

/** Only what the provider answers and what may be shown: its token, the brand, the last four and the expiry. */
export const cardInput = (v: Values): CallInput<'Driver/CreateCard'> => ({
  providerToken: v.providerToken.trim(),
  brand: v.brand.trim(),
  last4: v.last4.trim(),
  expMonth: v.expMonth ? Number(v.expMonth) : (undefined as unknown as number),
  expYear: v.expYear ? Number(v.expYear) : (undefined as unknown as number),
  holderName: v.holderName.trim() || undefined,
  isDefault: v.isDefault,
});

export function AddCardModal({ opened, onClose, first }: { opened: boolean; onClose: () => void; first: boolean }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('driver-app.account.cards.addTitle')}
      fullScreen
      closeOnClickOutside={false}
      styles={{ body: { maxWidth: 720, margin: '0 auto' } }}
    >
      {opened ? <AddCardForm onDone={onClose} first={first} /> : null}
    </Modal>
  );
}

export function AddCardForm({ onDone, first }: { onDone: () => void; first: boolean }) {
  const { t } = useTranslation();
  const create = useCallMutation('Driver/CreateCard');
  const form = useForm<Values>({
    initialValues: {
      providerToken: '',
      brand: '',
      last4: '',
      expMonth: null,
      expYear: null,
      holderName: '',
      isDefault: first,
    },
    validate: (v) => {
      const errors = validate(cardInput(v));
      // The contract checks for a card number only once every other field is right; say it at once.
      if (looksLikeCardNumber(v.providerToken)) errors.providerToken = t('driver-app.account.cards.notANumber');
      return errors;
    },
  });
  const submit = useSubmit(form, (v) => create.mutateAsync(cardInput(v)), {
    success: t('driver-app.account.cards.saved'),
    onDone,
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Alert icon={<IconShieldLock size={18} />} color="blue" variant="light">
          {t('driver-app.account.cards.tokenIntro')}
        </Alert>
        <TextInput
          size="md"
          label={t('driver-app.account.cards.token')}
          description={t('driver-app.account.cards.tokenHint')}
          placeholder="tok_…"
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          required
          {...form.getInputProps('providerToken')}
        />
        <Autocomplete
          size="md"
          label={t('driver-app.account.cards.brand')}
          data={brands}
          required
          {...form.getInputProps('brand')}
        />
        <TextInput
          size="md"
          label={t('driver-app.account.cards.last4')}
          inputMode="numeric"
          autoComplete="off"
          maxLength={4}
          required
          {...form.getInputProps('last4')}
        />
        <SimpleGrid cols={2} spacing="sm">
          <Select
            size="md"
            label={t('driver-app.account.cards.expMonth')}
            data={months}
            required
            {...form.getInputProps('expMonth')}
          />
          <Select
            size="md"
            label={t('driver-app.account.cards.expYear')}
            data={years()}
            required
            {...form.getInputProps('expYear')}
          />
        </SimpleGrid>
        <TextInput
          size="md"
          label={t('driver-app.account.cards.holder')}
          autoComplete="off"
          {...form.getInputProps('holderName')}
        />
        <Switch
          size="md"
          label={t('driver-app.account.cards.makeDefault')}
          disabled={first}
          {...form.getInputProps('isDefault', { type: 'checkbox' })}
        />
        <Button type="submit" size="lg" fullWidth loading={create.isPending}>
          {t('driver-app.account.cards.save')}
        </Button>
      </Stack>
    </form>
  );
}
