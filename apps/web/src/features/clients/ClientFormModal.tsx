import { Button, Group, Modal, ScrollArea, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useCallMutation } from '../../api/hooks';
import { useSubmit } from '../../ui/useSubmit';
import { type Client, emptyClient, toInput, validateClient, valuesOf } from './clientForm';
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
  const isChild = Boolean(parent);
  const create = useCallMutation('Client/Create');
  const createChild = useCallMutation('Client/CreateChild');
  const update = useCallMutation('Client/Update');
  const form = useForm({
    initialValues: client ? valuesOf(client) : emptyClient(parent?.id ?? null),
    validate: validateClient(isChild),
    validateInputOnChange: true,
  });

  const formRef = useRef<HTMLFormElement>(null);
  // A long form: after a failed submit the first field in error is brought into view, whether the
  // form's own check or the server found it (the server's errors land a moment later).
  const focusFirstError = (delay: number) =>
    setTimeout(() => formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), delay);

  const submit = useSubmit(
    form,
    async (values) => {
      const input = toInput(values);
      try {
        if (client) return await update.mutateAsync({ ...input, id: client.id });
        if (parent) return await createChild.mutateAsync({ ...input, parentClientId: parent.id });
        return await create.mutateAsync(input);
      } catch (error) {
        focusFirstError(100);
        throw error;
      }
    },
    { success: client ? t('clients.saved') : t('clients.added'), onDone: (result) => onDone(result.data) },
  );
  const busy = create.isPending || createChild.isPending || update.isPending;

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(event) => {
        if (form.validate().hasErrors) focusFirstError(0);
        submit(event);
      }}
    >
      <Stack gap="md">
        <AccountSection form={form} clientId={client?.id ?? null} />
        <ContactSection form={form} />
        <InvoicingSection form={form} />
        <PricingSection form={form} />
        <ServiceSection form={form} />
        <MessagesSection form={form} />
        <TagsAndNotesSection form={form} />
        <Group justify="flex-end">
          <Button variant="default" onClick={() => onDone(null)}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" loading={busy}>
            {client ? t('form.save') : t('clients.add')}
          </Button>
        </Group>
      </Stack>
    </form>
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
    <Modal
      opened={target !== null}
      onClose={onClose}
      title={title}
      size="xl"
      scrollAreaComponent={ScrollArea.Autosize}
      closeOnClickOutside={false}
    >
      {target ? (
        <ClientForm
          target={target}
          onDone={(saved) => {
            if (saved) onSaved?.(saved);
            onClose();
          }}
        />
      ) : null}
    </Modal>
  );
}
