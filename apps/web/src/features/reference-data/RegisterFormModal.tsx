import { Button, Grid, Group, Input, Modal, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageUpload, type UploadedFile } from '../../ui/ImageUpload';
import { notifyError, notifySuccess } from '../../ui/notify';
import { useSubmit } from '../../ui/useSubmit';
import { toFormValues, toPayload, validateForm } from './form-values';
import { useRegisterChanges } from './register-api';
import { visibleFields } from './register-columns';
import type { AnyRow, FieldDef, RegisterDefinition } from './register-types';
import { RegisterField } from './RegisterField';

const onMap = (field: FieldDef) => field.kind === 'polygon' || field.kind === 'point';

interface Props {
  def: RegisterDefinition;
  /** The row being edited; null adds a new one. */
  row: AnyRow | null;
  opened: boolean;
  onClose: () => void;
}

/** Add or edit one row of a register, in a modal; closes only when the server saved it. */
export function RegisterFormModal({ def, row, opened, onClose }: Props) {
  const { t } = useTranslation();
  const one = t(`reference-data.registers.${def.id}.one`);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={
        row
          ? t('reference-data.editTitle', { what: one, name: def.titleOf(row) })
          : t('reference-data.addTitle', { what: one })
      }
      size={def.wideForm ? 'min(1200px, 96vw)' : 'lg'}
      closeOnClickOutside={false}
    >
      {opened ? <RegisterForm key={row?.id ?? 'new'} def={def} row={row} onClose={onClose} /> : null}
    </Modal>
  );
}

function RegisterForm({ def, row, onClose }: Omit<Props, 'opened'>) {
  const { t } = useTranslation();
  const changes = useRegisterChanges(def);
  const form = useForm({
    initialValues: toFormValues(def, row),
    validate: (values) => validateForm(def, values),
    validateInputOnChange: true,
  });
  // A new row's picture waits for the row to exist; an existing row's is uploaded at once.
  const [pending, setPending] = useState<UploadedFile | null>(null);
  const [pictureUrl, setPictureUrl] = useState<string | null>(
    def.picture && row ? ((row[def.picture.urlField] as string | null) ?? null) : null,
  );

  const submit = useSubmit(
    form,
    async (values) => {
      const payload = toPayload(def, values);
      const saved = row ? await changes.update({ ...payload, id: row.id }) : await changes.create(payload);
      if (!row && pending && changes.upload) {
        try {
          await changes.upload(saved.data.id, pending);
        } catch (error) {
          notifyError(t('reference-data.pictureFailed'), error);
        }
      }
      return saved;
    },
    { onDone: onClose },
  );

  const upload = async (file: UploadedFile) => {
    if (!changes.upload) return;
    if (!row) {
      setPending(file);
      setPictureUrl(`data:${file.mimeType};base64,${file.content}`);
      return;
    }
    const res = await changes.upload(row.id, file);
    setPictureUrl(res.data.imageUrl);
    notifySuccess(t('reference-data.pictureSaved'), res.message);
  };

  const fields = visibleFields(def, form.values);
  const fieldGrid = (list: FieldDef[]) => (
    <Grid gap="md">
      {list.map((field) => (
        <Grid.Col key={field.name} span={{ base: 12, sm: field.wide ? 12 : 6 }}>
          <RegisterField field={field} form={form} rowId={row?.id} />
        </Grid.Col>
      ))}
    </Grid>
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {def.picture ? (
          <Input.Wrapper label={t('reference-data.field.picture')}>
            <Group gap="md" mt={4}>
              <ImageUpload imageUrl={pictureUrl} name={String(form.values.name || '?')} onUpload={upload} size={72} />
              <Text size="sm" c="dimmed" maw={320}>
                {row ? t('reference-data.help.picture') : t('reference-data.help.pictureNew')}
              </Text>
            </Group>
          </Input.Wrapper>
        ) : null}
        {def.wideForm ? (
          // Map registers: the fields on the left, the map beside them.
          <Grid gap="lg">
            <Grid.Col span={{ base: 12, md: 5 }}>{fieldGrid(fields.filter((f) => !onMap(f)))}</Grid.Col>
            <Grid.Col span={{ base: 12, md: 7 }}>{fieldGrid(fields.filter(onMap))}</Grid.Col>
          </Grid>
        ) : (
          fieldGrid(fields)
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" loading={form.submitting}>
            {t('form.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
