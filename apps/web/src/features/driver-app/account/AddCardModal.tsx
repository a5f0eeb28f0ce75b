import { Alert, Modal, Stack, Switch, TextInput } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '../../../api/errors';
import { useCallMutation } from '../../../api/hooks';
import { notifySuccess } from '../../../ui/notify';
import { CardForm } from '../../payments/CardForm';
import { useCardProvider } from '../../payments/useCardProvider';

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

/**
 * The company's card form: the number is turned into the provider's token on the phone and never sent;
 * the driver's own saved card keeps what the provider answers (brand, last four digits, expiry).
 */
export function AddCardForm({ onDone, first }: { onDone: () => void; first: boolean }) {
  const { t } = useTranslation();
  const provider = useCardProvider();
  const create = useCallMutation('Driver/CreateCard');
  const [holderName, setHolderName] = useState('');
  const [isDefault, setIsDefault] = useState(first);
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <Stack gap="md">
      <Alert icon={<IconShieldLock size={18} />} color="blue" variant="light">
        {t('driver-app.account.cards.tokenIntro')}
      </Alert>
      <TextInput
        size="md"
        label={t('driver-app.account.cards.holder')}
        autoComplete="cc-name"
        value={holderName}
        onChange={(e) => setHolderName(e.currentTarget.value)}
      />
      <Switch
        size="md"
        label={t('driver-app.account.cards.makeDefault')}
        disabled={first}
        checked={isDefault}
        onChange={(e) => setIsDefault(e.currentTarget.checked)}
      />
      {failure ? (
        <Alert color="red" role="alert">
          {failure}
        </Alert>
      ) : null}
      <CardForm
        provider={provider.provider}
        publishableKey={provider.publishableKey}
        submitLabel={t('driver-app.account.cards.save')}
        busy={create.isPending}
        onToken={async (token, card) => {
          setFailure(null);
          try {
            const answer = await create.mutateAsync({
              providerToken: token,
              brand: card.brand,
              last4: card.last4,
              expMonth: card.expMonth,
              expYear: card.expYear,
              holderName: holderName.trim() || undefined,
              isDefault,
            });
            notifySuccess(t('driver-app.account.cards.saved'), answer.message);
            onDone();
          } catch (error) {
            setFailure(messageOf(error));
          }
        }}
      />
    </Stack>
  );
}
