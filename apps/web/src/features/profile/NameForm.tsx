import { Button, Group, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { useCallMutation } from '../../api/hooks';
import { useSubmit } from '../../ui/useSubmit';

/** My name as colleagues see it; ProfileSettings/Update renames my staff record with me. */
export function NameForm({ fullName }: { fullName: string }) {
  const { t } = useTranslation();
  const save = useCallMutation('ProfileSettings/Update');
  const form = useForm({ initialValues: { fullName } });
  const submit = useSubmit(form, (values) => save.mutateAsync(values), {
    success: t('profile.nameSaved'),
    onDone: (res) => {
      form.setInitialValues({ fullName: res.data.fullName });
      form.reset();
    },
  });
  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-end" gap="sm">
        <TextInput label={t('profile.fullName')} required maw={300} {...form.getInputProps('fullName')} />
        <Button type="submit" variant="default" loading={save.isPending} disabled={!form.isDirty()}>
          {t('profile.saveName')}
        </Button>
      </Group>
    </form>
  );
}
