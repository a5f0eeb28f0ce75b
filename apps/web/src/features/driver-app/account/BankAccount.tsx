import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { schemas } from '@cabdesk/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCallMutation } from '../../../api/hooks';
import { useSubmit } from '../../../ui/useSubmit';
import { zodValidate } from '../../../ui/zodForm';
import type { Profile } from './PersonalForm';

const validate = zodValidate(schemas.driverAccountProfileInput);

/** 123456 → 12-34-56, as a sort code is printed on a card. */
export function sortCodeText(code: string | null): string {
  const digits = (code ?? '').replace(/\D/g, '');
  return digits.length === 6 ? `${digits.slice(0, 2)}-${digits.slice(2, 4)}-${digits.slice(4)}` : (code ?? '');
}

/**
 * The account pay goes to. The number is write-only: the current one shows only by its last four,
 * and a change asks for all three parts again.
 */
export function BankAccount({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const has = !!profile.bankAccountNumberLast4;
  return (
    <Stack gap="sm">
      {has ? (
        <Stack gap={2} data-testid="bank-current">
          <Text fw={600}>{profile.bankAccountName}</Text>
          <Text ff="monospace">
            {sortCodeText(profile.bankSortCode)} · •••• {profile.bankAccountNumberLast4}
          </Text>
        </Stack>
      ) : (
        <Text c="dimmed" size="sm">
          {t('driver-app.account.bank.none')}
        </Text>
      )}
      {editing ? (
        <BankForm profile={profile} onDone={() => setEditing(false)} />
      ) : (
        <Button variant="light" size="md" onClick={() => setEditing(true)}>
          {t(has ? 'driver-app.account.bank.change' : 'driver-app.account.bank.add')}
        </Button>
      )}
    </Stack>
  );
}

function BankForm({ profile, onDone }: { profile: Profile; onDone: () => void }) {
  const { t } = useTranslation();
  const save = useCallMutation('Driver/UpdateDriverAccountProfile');
  const form = useForm({
    initialValues: {
      bankAccountName: profile.bankAccountName ?? profile.fullName,
      bankSortCode: '',
      bankAccountNumber: '',
    },
    validate: (v) => validate(v),
  });
  const submit = useSubmit(form, (v) => save.mutateAsync(v), { success: t('driver-app.account.bank.saved'), onDone });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          size="md"
          label={t('driver-app.account.bank.name')}
          required
          autoComplete="cc-name"
          {...form.getInputProps('bankAccountName')}
        />
        <TextInput
          size="md"
          label={t('driver-app.account.bank.sortCode')}
          placeholder="12-34-56"
          inputMode="numeric"
          autoComplete="off"
          required
          maxLength={8}
          {...form.getInputProps('bankSortCode')}
        />
        <TextInput
          size="md"
          label={t('driver-app.account.bank.number')}
          placeholder="12345678"
          inputMode="numeric"
          autoComplete="off"
          required
          maxLength={8}
          {...form.getInputProps('bankAccountNumber')}
        />
        <Group grow>
          <Button variant="default" size="md" onClick={onDone}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" size="md" loading={save.isPending}>
            {t('driver-app.account.bank.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
