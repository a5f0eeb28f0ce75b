import {
  Alert,
  Autocomplete,
  Button,
  Card,
  FileButton,
  Group,
  Image,
  NativeSelect,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertTriangle } from '@tabler/icons-react';
import { schemas, type CallOutput } from '@cabdesk/contract';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAbility } from '../../app/ability';
import { messageOf } from '../../api/errors';
import { useCall, useCallMutation } from '../../api/hooks';
import { readAsUpload, type UploadedFile } from '../../ui/ImageUpload';
import { notifyError } from '../../ui/notify';
import { PageLoader } from '../../ui/PageLoader';
import { useSubmit } from '../../ui/useSubmit';
import { timeZoneNames, updateOf, valuesOf, type SettingsValues } from './settings-form';

const BaseMap = lazy(() => import('./BaseMap'));

type Settings = CallOutput<'BasicSettings/GetTableSummary'>;

const MAX_LOGO_BYTES = 5 * 1024 * 1024;

/** Settings → Company → Company: name, address, base, clock, money, VAT, date format and logo. */
export function BasicSettingsTab() {
  const { t } = useTranslation();
  const result = useCall('BasicSettings/GetTableSummary', {});
  const settings = result.data?.data[0];
  if (result.error) {
    return (
      <Alert color="red" icon={<IconAlertTriangle />} title={t('company-settings.loadFailed')} role="alert">
        {messageOf(result.error)}
      </Alert>
    );
  }
  if (!result.data) return <PageLoader />;
  if (!settings) {
    return (
      <Alert color="gray" title={t('company-settings.empty')} role="status">
        {t('company-settings.emptyHelp')}
      </Alert>
    );
  }
  return <SettingsForm settings={settings} />;
}

function SettingsForm({ settings }: { settings: Settings }) {
  const { t } = useTranslation();
  const canEdit = useAbility().can('update', 'Settings');
  const queries = useQueryClient();
  const save = useCallMutation('BasicSettings/Update');
  const zones = useMemo(() => timeZoneNames(), []);
  const [logo, setLogo] = useState<{ upload: UploadedFile; preview: string } | null>(null);
  const form = useForm<SettingsValues>({ initialValues: valuesOf(settings) });
  const submit = useSubmit(form, (values) => save.mutateAsync(updateOf(values, logo?.upload ?? null)), {
    success: t('company-settings.saved'),
    onDone: (res) => {
      form.setInitialValues(valuesOf(res.data));
      form.reset();
      setLogo(null);
      // The sign-in page and the loader read the logo and name through the branding query.
      void queries.invalidateQueries({ queryKey: ['branding'] });
    },
  });
  const lat = Number(form.values.baseLatitude);
  const lng = Number(form.values.baseLongitude);
  const hasBase = form.values.baseLatitude.trim() !== '' && Number.isFinite(lat) && Number.isFinite(lng);

  const pickLogo = async (file: File | null) => {
    if (!file) return;
    if (file.size > MAX_LOGO_BYTES) {
      notifyError(t('company-settings.logo'), new Error(t('company-settings.logoTooLarge')));
      return;
    }
    const upload = await readAsUpload(file);
    setLogo({ upload, preview: `data:${upload.mimeType};base64,${upload.content}` });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md" maw={860}>
        <Card withBorder padding="md">
          <Title order={2} size="h4" mb="sm">
            {t('company-settings.companyTitle')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('company-settings.companyName')}
              required
              disabled={!canEdit}
              {...form.getInputProps('companyName')}
            />
            <TextInput label={t('company-settings.postcode')} disabled={!canEdit} {...form.getInputProps('postcode')} />
          </SimpleGrid>
          <TextInput
            mt="sm"
            label={t('company-settings.address')}
            disabled={!canEdit}
            {...form.getInputProps('address')}
          />
        </Card>

        <Card withBorder padding="md">
          <Title order={2} size="h4" mb={4}>
            {t('company-settings.baseTitle')}
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            {t('company-settings.baseHelp')}
          </Text>
          <Suspense fallback={<PageLoader />}>
            <BaseMap
              base={hasBase ? [lat, lng] : null}
              label={t('company-settings.baseMap')}
              onPick={([pickedLat, pickedLng]) => {
                if (!canEdit) return;
                form.setFieldValue('baseLatitude', String(pickedLat));
                form.setFieldValue('baseLongitude', String(pickedLng));
              }}
            />
          </Suspense>
          <SimpleGrid cols={{ base: 1, sm: 2 }} mt="sm">
            <TextInput
              label={t('company-settings.baseLatitude')}
              inputMode="decimal"
              disabled={!canEdit}
              {...form.getInputProps('baseLatitude')}
            />
            <TextInput
              label={t('company-settings.baseLongitude')}
              inputMode="decimal"
              disabled={!canEdit}
              {...form.getInputProps('baseLongitude')}
            />
          </SimpleGrid>
        </Card>

        <Card withBorder padding="md">
          <Title order={2} size="h4" mb="sm">
            {t('company-settings.localeTitle')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Autocomplete
              label={t('company-settings.timeZone')}
              description={t('company-settings.timeZoneHelp')}
              required
              data={zones}
              limit={20}
              disabled={!canEdit}
              {...form.getInputProps('timeZone')}
            />
            <TextInput
              label={t('company-settings.currency')}
              description={t('company-settings.currencyHelp')}
              required
              maxLength={3}
              disabled={!canEdit}
              {...form.getInputProps('currency')}
            />
            <NativeSelect
              label={t('company-settings.dateFormat')}
              description={t('company-settings.dateFormatHelp')}
              data={schemas.dateFormats.map((f) => ({ value: f, label: f }))}
              disabled={!canEdit}
              {...form.getInputProps('dateFormat')}
            />
          </SimpleGrid>
        </Card>

        <Card withBorder padding="md">
          <Title order={2} size="h4" mb="sm">
            {t('company-settings.vatTitle')}
          </Title>
          <Stack gap="sm">
            <Switch
              label={t('company-settings.vatRegistered')}
              disabled={!canEdit}
              {...form.getInputProps('isCompanyVatRegistered', { type: 'checkbox' })}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label={t('company-settings.vatNumber')}
                disabled={!canEdit}
                {...form.getInputProps('vatRegistrationNumber')}
              />
              <TextInput
                label={t('company-settings.vatRate')}
                description={t('company-settings.vatRateHelp')}
                inputMode="decimal"
                rightSection="%"
                disabled={!canEdit}
                {...form.getInputProps('vatPercentage')}
              />
            </SimpleGrid>
          </Stack>
        </Card>

        <Card withBorder padding="md">
          <Title order={2} size="h4" mb={4}>
            {t('company-settings.logo')}
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            {t('company-settings.logoHelp')}
          </Text>
          <Group align="center" gap="lg">
            <Image
              src={logo?.preview ?? settings.mainLogo}
              alt={t('company-settings.logoPreview')}
              h={80}
              w="auto"
              fit="contain"
              data-testid="company-logo-preview"
            />
            <FileButton onChange={(file) => void pickLogo(file)} accept="image/png,image/jpeg,image/webp,image/gif">
              {(props) => (
                <Button variant="default" disabled={!canEdit} {...props}>
                  {t('company-settings.chooseLogo')}
                </Button>
              )}
            </FileButton>
            {logo ? (
              <Text size="sm" role="status">
                {t('company-settings.logoChosen', { name: logo.upload.fileName })}
              </Text>
            ) : null}
          </Group>
        </Card>

        {canEdit ? (
          <Group>
            <Button type="submit" loading={save.isPending}>
              {t('company-settings.save')}
            </Button>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            {t('company-settings.readOnly')}
          </Text>
        )}
      </Stack>
    </form>
  );
}
