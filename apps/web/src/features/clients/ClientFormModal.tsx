import { useTranslation } from 'react-i18next';
import { FormShell } from '../../kit/FormShell';
import { RecordFormModal } from '../../kit/RecordFormModal';
import { useContractForm } from '../../kit/useContractForm';
import { clientKind } from './client-kind';
import { type Client, emptyClient, toInput, valuesOf } from './clientForm';
import {
  AccountSection,
  ContactSection,
  InvoicingSection,
  MessagesSection,
  PricingSection,
  ServiceSection,
  TagsAndNotesSection,
} from './ClientFormSections';

export interface ClientFormTarget {
  /** The client to edit; absent for a new one. */
  client?: Client;
  /** A new child account under this client. */
  parent?: { id: number; name: string };
}

function ClientForm({ target, onDone }: { target: ClientFormTarget; onDone: (client: Client | null) => void }) {
  const { t } = useTranslation();
  const { client, parent } = target;
  // A child account has its own create call, which insists on the parent.
  const kit = useContractForm(
    parent ? 'Client/CreateChild' : clientKind.create,
    clientKind.update,
    {
      create: (values) => (parent ? { ...toInput(values), parentClientId: parent.id } : toInput(values)),
      update: (values, c) => ({ ...toInput(values), id: c.id }),
    },
    {
      record: client ?? null,
      initialValues: client ? valuesOf(client) : emptyClient(parent?.id ?? null),
      success: client ? t('clients.saved') : t('clients.added'),
      onSaved: (saved) => onDone(saved),
    },
  );
  const { form } = kit;
  return (
    <FormShell kit={kit} onCancel={() => onDone(null)} submitLabel={client ? undefined : t('clients.add')}>
      <AccountSection form={form} clientId={client?.id ?? null} />
      <ContactSection form={form} />
      <InvoicingSection form={form} />
      <PricingSection form={form} />
      <ServiceSection form={form} />
      <MessagesSection form={form} />
      <TagsAndNotesSection form={form} />
    </FormShell>
  );
}

/**
 * Adds a client, adds a child account, or edits a client. The form is built fresh at every opening,
 * so it always starts from the client as it is now.
 */
export function ClientFormModal({
  target,
  onClose,
  onSaved,
}: {
  target: ClientFormTarget | null;
  onClose: () => void;
  onSaved?: (client: Client) => void;
}) {
  const { t } = useTranslation();
  const title = target?.client
    ? t('clients.editTitle', { name: target.client.name })
    : target?.parent
      ? t('clients.addChildTitle', { name: target.parent.name })
      : t('clients.addTitle');
  return (
    <RecordFormModal opened={target !== null} onClose={onClose} title={title} size="xl">
      {target ? (
        <ClientForm
          target={target}
          onDone={(saved) => {
            if (saved) onSaved?.(saved);
            onClose();
          }}
        />
      ) : null}
    </RecordFormModal>
  );
}
