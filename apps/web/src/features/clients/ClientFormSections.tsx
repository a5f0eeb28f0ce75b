import { Fieldset, NumberInput, SimpleGrid, Switch, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { fromMinor, toMinor } from '../../ui/format';
import { LookupSelect } from '../../ui/LookupSelect';
import { lookupProps, TagsField } from '../../kit/form-fields';
import type { ClientFormValues } from './clientForm';
import { MessageSwitches } from './MessageSwitches';

type Form = UseFormReturnType<ClientFormValues>;

function Section({ legend, children }: { legend: string; children: React.ReactNode }) {
  return (
    <Fieldset legend={legend} radius="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {children}
      </SimpleGrid>
    </Fieldset>
  );
}

/** Name, account number, type, parent and whether the account is in use. */
export function AccountSection({ form, clientId }: { form: Form; clientId: number | null }) {
  const { t } = useTranslation();
  return (
    <Section legend={t('clients.section.account')}>
      <TextInput label={t('clients.name')} required data-autofocus {...form.getInputProps('name')} />
      <TextInput label={t('clients.accountNo')} {...form.getInputProps('accountNo')} />
      <LookupSelect
        call="Client/GetClientTypeList"
        label={t('clients.clientType')}
        {...lookupProps(form, 'clientTypeId')}
      />
      <LookupSelect
        call="Client/GetClientListForParents"
        filters={{ id: clientId ?? 0 }}
        label={t('clients.parent')}
        placeholder={t('clients.noParent')}
        {...lookupProps(form, 'parentClientId')}
      />
      <Switch label={t('clients.isActive')} mt="xs" {...form.getInputProps('isActive', { type: 'checkbox' })} />
    </Section>
  );
}

export function ContactSection({ form }: { form: Form }) {
  const { t } = useTranslation();
  return (
    <Section legend={t('clients.section.contact')}>
      <TextInput label={t('clients.contactName')} {...form.getInputProps('contactName')} />
      <TextInput label={t('clients.email')} type="email" {...form.getInputProps('email')} />
      <TextInput label={t('clients.phone')} type="tel" {...form.getInputProps('phone')} />
      <TextInput label={t('clients.vatNumber')} {...form.getInputProps('vatNumber')} />
      <TextInput label={t('clients.address')} {...form.getInputProps('address')} />
      <TextInput label={t('clients.postcode')} {...form.getInputProps('postcode')} />
    </Section>
  );
}

export function InvoicingSection({ form }: { form: Form }) {
  const { t } = useTranslation();
  const code = { valueKey: 'code' as const, clearable: false };
  return (
    <Section legend={t('clients.section.invoicing')}>
      <LookupSelect
        call="Common/GetInvoicePeriodList"
        label={t('clients.invoicePeriod')}
        {...code}
        {...lookupProps(form, 'invoicePeriod')}
      />
      <LookupSelect
        call="Common/GetInvoiceSplitList"
        label={t('clients.invoiceSplit')}
        {...code}
        {...lookupProps(form, 'invoiceSplit')}
      />
      <LookupSelect
        call="Common/GetInvoiceGroupList"
        label={t('clients.invoiceGroup')}
        {...code}
        {...lookupProps(form, 'invoiceGroup')}
      />
      <LookupSelect call="Common/GetTaxList" label={t('clients.tax')} {...lookupProps(form, 'taxId')} />
      <LookupSelect
        call="Common/GetPaymentMethodList"
        label={t('clients.paymentMethod')}
        {...code}
        {...lookupProps(form, 'paymentMethod')}
      />
      <LookupSelect
        call="Common/GetCurrencyList"
        valueKey="code"
        label={t('clients.currency')}
        placeholder={t('clients.companyCurrency')}
        {...lookupProps(form, 'currency')}
      />
      <NumberInput
        label={t('clients.creditLimit')}
        description={t('clients.creditLimitHint')}
        min={0}
        decimalScale={2}
        fixedDecimalScale
        value={form.values.creditLimitMinor === null ? '' : fromMinor(form.values.creditLimitMinor)}
        onChange={(v) => form.setFieldValue('creditLimitMinor', v === '' ? null : toMinor(v))}
        error={form.errors.creditLimitMinor}
      />
    </Section>
  );
}

export function PricingSection({ form }: { form: Form }) {
  const { t } = useTranslation();
  return (
    <Section legend={t('clients.section.pricing')}>
      <LookupSelect
        call="Common/GetPricingModalList"
        label={t('clients.pricingModel')}
        placeholder={t('clients.companyDefault')}
        {...lookupProps(form, 'pricingModelId')}
      />
      <LookupSelect
        call="Common/GetPricingModeList"
        valueKey="code"
        label={t('clients.pricingMode')}
        placeholder={t('clients.modelMode')}
        {...lookupProps(form, 'pricingMode')}
      />
      <LookupSelect
        call="Common/GetGraceWaitingList"
        valueKey="code"
        clearable={false}
        label={t('clients.graceWaiting')}
        {...lookupProps(form, 'graceWaitingMinutes')}
      />
    </Section>
  );
}

export function ServiceSection({ form }: { form: Form }) {
  const { t } = useTranslation();
  return (
    <Section legend={t('clients.section.service')}>
      <LookupSelect
        call="Common/GetPriorityList"
        valueKey="code"
        clearable={false}
        label={t('clients.priority')}
        {...lookupProps(form, 'priority')}
      />
      <LookupSelect
        call="Client/GetClientRepresentativeList"
        label={t('clients.representative')}
        placeholder={t('clients.nobody')}
        {...lookupProps(form, 'representativeStaffId')}
      />
    </Section>
  );
}

export function MessagesSection({ form }: { form: Form }) {
  const { t } = useTranslation();
  return (
    <Fieldset legend={t('clients.section.messages')} radius="md">
      <MessageSwitches form={form} />
    </Fieldset>
  );
}

export function TagsAndNotesSection({ form }: { form: Form }) {
  const { t } = useTranslation();
  return (
    <Fieldset legend={t('clients.section.tagsNotes')} radius="md">
      <TagsField
        form={form}
        call="Client/GetClientTagList"
        label={t('clients.tags')}
        placeholder={t('clients.pickTags')}
        mb="sm"
      />
      <Textarea label={t('clients.notes')} autosize minRows={3} maxRows={8} {...form.getInputProps('notes')} />
    </Fieldset>
  );
}
