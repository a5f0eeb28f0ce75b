import { Fieldset, MultiSelect, NumberInput, SimpleGrid, Switch, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { useCall } from '../../api/hooks';
import { fromMinor, toMinor } from '../../ui/format';
import { LookupSelect } from '../../ui/LookupSelect';
import type { ClientFormValues } from './clientForm';
import { MessageSwitches } from './MessageSwitches';

type Form = UseFormReturnType<ClientFormValues>;

/** Value, change and error of a select, for LookupSelect (which takes its value as given). */
function selectProps<K extends keyof ClientFormValues>(form: Form, field: K) {
  return {
    value: form.values[field] as string | number | null,
    onChange: (value: string | number | null) => form.setFieldValue(field, value as never),
    error: form.errors[field],
  };
}

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
        {...selectProps(form, 'clientTypeId')}
      />
      <LookupSelect
        call="Client/GetClientListForParents"
        filters={{ id: clientId ?? 0 }}
        label={t('clients.parent')}
        placeholder={t('clients.noParent')}
        {...selectProps(form, 'parentClientId')}
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
        {...selectProps(form, 'invoicePeriod')}
      />
      <LookupSelect
        call="Common/GetInvoiceSplitList"
        label={t('clients.invoiceSplit')}
        {...code}
        {...selectProps(form, 'invoiceSplit')}
      />
      <LookupSelect
        call="Common/GetInvoiceGroupList"
        label={t('clients.invoiceGroup')}
        {...code}
        {...selectProps(form, 'invoiceGroup')}
      />
      <LookupSelect call="Common/GetTaxList" label={t('clients.tax')} {...selectProps(form, 'taxId')} />
      <LookupSelect
        call="Common/GetPaymentMethodList"
        label={t('clients.paymentMethod')}
        {...code}
        {...selectProps(form, 'paymentMethod')}
      />
      <LookupSelect
        call="Common/GetCurrencyList"
        valueKey="code"
        label={t('clients.currency')}
        placeholder={t('clients.companyCurrency')}
        {...selectProps(form, 'currency')}
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
        {...selectProps(form, 'pricingModelId')}
      />
      <LookupSelect
        call="Common/GetPricingModeList"
        valueKey="code"
        label={t('clients.pricingMode')}
        placeholder={t('clients.modelMode')}
        {...selectProps(form, 'pricingMode')}
      />
      <LookupSelect
        call="Common/GetGraceWaitingList"
        valueKey="code"
        clearable={false}
        label={t('clients.graceWaiting')}
        {...selectProps(form, 'graceWaitingMinutes')}
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
        {...selectProps(form, 'priority')}
      />
      <LookupSelect
        call="Client/GetClientRepresentativeList"
        label={t('clients.representative')}
        placeholder={t('clients.nobody')}
        {...selectProps(form, 'representativeStaffId')}
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
  const tags = useCall('Client/GetClientTagList', { perPage: 0 }, { staleTime: 60_000 });
  return (
    <Fieldset legend={t('clients.section.tagsNotes')} radius="md">
      <MultiSelect
        label={t('clients.tags')}
        placeholder={t('clients.pickTags')}
        searchable
        data={(tags.data?.data ?? []).map((tag) => ({ value: String(tag.id), label: tag.name }))}
        value={form.values.tagIds.map(String)}
        onChange={(ids) => form.setFieldValue('tagIds', ids.map(Number))}
        error={form.errors.tagIds}
        mb="sm"
      />
      <Textarea label={t('clients.notes')} autosize minRows={3} maxRows={8} {...form.getInputProps('notes')} />
    </Fieldset>
  );
}
