import type { CallOutput } from '@cabdesk/contract';
import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCall, useCallMutation } from '../../api/hooks';
import { FormCol, FormSection, FormShell } from '../../kit/FormShell';
import { lookupProps } from '../../kit/form-fields';
import { RecordFormModal } from '../../kit/RecordFormModal';
import { useCallForm } from '../../kit/useContractForm';
import { LookupSelect } from '../../ui/LookupSelect';
import { AddButton, PayInsteadFields, RowActions, useEditing } from './PartEditing';
import { Loaded, pay, Rows } from './PartTables';
import { type ClientRuleValues, payInsteadValues, toPayInstead } from './part-values';
import { notAmount, type PayModelDetail } from './rule-form';

/**
 * Client rules: a client's jobs paid a commission or a fixed amount instead of the basis. One rule is
 * added or replaced by AddDrvrPaymentClient and removed by DeleteDrvrPaymentClient; each a new version.
 */

type ClientRule = CallOutput<'DriverPayment/GetDrvrPaymentClient'>;

export function ClientRulesEditor({ model }: { model: PayModelDetail }) {
  const { t } = useTranslation();
  const read = useCall('DriverPayment/GetDrvrPaymentClient', { DriverPaymentID: model.id, perPage: 0 });
  const remove = useCallMutation('DriverPayment/DeleteDrvrPaymentClient');
  const editing = useEditing();
  return (
    <Loaded read={read}>
      {(answer) => {
        const rules = answer.data;
        return (
          <Stack gap="sm">
            <AddButton label={t('pay-rules.clientRule.add')} onClick={() => editing.open(rules.length)} />
            <Rows
              testId="client-rules"
              head={[t('pay-rules.client'), t('pay-rules.appliesTo'), t('pay-rules.pays'), t('pay-rules.actions')]}
              empty={t('pay-rules.none')}
              rows={rules.map((r, i) => {
                const name = r.clientName ?? String(r.ClientId);
                return [
                  name,
                  t(`pay-rules.jobs.${r.appliesTo}`),
                  pay(r, t('pay-rules.officeKeeps')),
                  <RowActions
                    key="actions"
                    name={`${name}, ${t(`pay-rules.jobs.${r.appliesTo}`)}`}
                    onChange={() => editing.open(i)}
                    remove={() =>
                      remove.mutateAsync({ DriverPaymentID: model.id, ClientDriverPaymentID: r.ClientDriverPaymentID })
                    }
                  />,
                ];
              })}
            />
            <RecordFormModal
              opened={editing.at !== null}
              onClose={editing.close}
              title={t('pay-rules.clientRule.title')}
            >
              <ClientRuleForm modelId={model.id} rule={rules[editing.at ?? -1]} onDone={editing.close} />
            </RecordFormModal>
          </Stack>
        );
      }}
    </Loaded>
  );
}

/** One client rule, new when `rule` is undefined. */
export function ClientRuleForm({
  modelId,
  rule,
  onDone,
}: {
  modelId: number;
  rule: ClientRule | undefined;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const kit = useCallForm('DriverPayment/AddDrvrPaymentClient', {
    initialValues: { ClientId: rule?.ClientId ?? null, ...payInsteadValues(rule) } as ClientRuleValues,
    toInput: (v) => ({
      DriverPaymentID: modelId,
      ...(rule ? { ClientDriverPaymentID: rule.ClientDriverPaymentID } : {}),
      // 0 is no client: the call's own rule refuses it on the field.
      ClientId: v.ClientId ?? 0,
      ...toPayInstead(v),
    }),
    moreRules: (v) => (v.pay === 'fixed' ? notAmount({ fixedPerJob: v.fixedPerJob }, t('pay-rules.notAmount')) : {}),
    success: t('pay-rules.saved'),
    onSaved: onDone,
  });
  return (
    <FormShell kit={kit} onCancel={onDone} submitLabel={t('pay-rules.saveVersion')}>
      <Stack gap="lg">
        <FormSection title={t('pay-rules.client')}>
          <FormCol span={8}>
            <LookupSelect
              call="Common/GetClientList"
              label={t('pay-rules.client')}
              placeholder={t('pay-rules.clientRule.pick')}
              required
              {...lookupProps(kit.form, 'ClientId')}
            />
          </FormCol>
        </FormSection>
        <PayInsteadFields form={kit.form} />
      </Stack>
    </FormShell>
  );
}
