import { Alert, Button, Group, List, Loader, Stack, Text } from '@mantine/core';
import type { GrantLevel, Subject } from '@cabdesk/contract';
import { assignableSubjects } from '@cabdesk/contract';
import { IconDeviceFloppy, IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAbility } from '../../app/ability';
import { messageOf } from '../../api/errors';
import { useCall, useCallMutation } from '../../api/hooks';
import { KeyLegend } from '../../ui/KeyLegend';
import { notifySuccess } from '../../ui/notify';
import { PageHeader } from '../../ui/PageHeader';
import { assignInputOf, type DraftRole, type Drafts, rowsOf, withLevel } from './drafts';
import { NewRoleModal } from './NewRoleModal';
import { PermissionGrid } from './PermissionGrid';
import { UnsavedChangesGuard } from './UnsavedChangesGuard';

const noGrants = () => Object.fromEntries(assignableSubjects.map((s) => [s, 'none' as GrantLevel]));

/** Settings → Permissions: what each staff role may see and do, per area, edited in one grid. */
export function PermissionsPage() {
  const { t } = useTranslation();
  const editable = useAbility().can('update', 'Permissions');
  const result = useCall('Permissions/GetTableSummary', { perPage: 0 });
  const assign = useCallMutation('Permissions/Assign');
  const [added, setAdded] = useState<DraftRole[]>([]);
  const [drafts, setDrafts] = useState<Drafts>({});
  const [adding, setAdding] = useState(false);
  const [saving, setSaving] = useState<{ done: number; of: number } | null>(null);
  const [failures, setFailures] = useState<{ role: string; message: string }[]>([]);

  const saved = useMemo(() => result.data?.allData ?? [], [result.data]);
  const roles = rowsOf(saved, added, drafts);
  const dirtyIds = Object.keys(drafts).map(Number);
  const dirty = dirtyIds.length > 0;

  const change = (roleId: number, subject: Subject, level: GrantLevel) => {
    setDrafts((d) =>
      withLevel(
        d,
        saved.find((r) => r.id === roleId),
        roleId,
        subject,
        level,
      ),
    );
    setFailures([]);
  };

  const save = async () => {
    const toSave = roles.filter((r) => dirtyIds.includes(r.id));
    const failed: { role: string; message: string }[] = [];
    setFailures([]);
    for (const [i, role] of toSave.entries()) {
      setSaving({ done: i, of: toSave.length });
      try {
        await assign.mutateAsync(assignInputOf(role));
        setDrafts((d) => {
          const next = { ...d };
          delete next[role.id];
          return next;
        });
        if (role.id < 0) setAdded((a) => a.filter((r) => r.id !== role.id));
      } catch (error) {
        failed.push({ role: role.name, message: messageOf(error) });
      }
    }
    setSaving(null);
    setFailures(failed);
    if (!failed.length) notifySuccess(t('permissions.saved'), t('permissions.savedText', { count: toSave.length }));
  };

  const discard = () => {
    setDrafts({});
    setAdded([]);
    setFailures([]);
  };

  const addRole = (name: string) => {
    const id = -(added.length + 1);
    setAdded((a) => [...a, { id, name, userCount: 0, grants: noGrants() }]);
    setDrafts((d) => ({ ...d, [id]: {} }));
  };

  return (
    <>
      <PageHeader
        title={t('permissions.title')}
        subtitle={t('permissions.subtitle')}
        actions={
          editable ? (
            <Group>
              <Button variant="default" leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
                {t('permissions.newRole')}
              </Button>
              <Button variant="default" onClick={discard} disabled={!dirty || !!saving}>
                {t('permissions.discard')}
              </Button>
              <Button
                leftSection={<IconDeviceFloppy size={16} />}
                onClick={() => void save()}
                disabled={!dirty}
                loading={!!saving}
              >
                {t('permissions.save')}
              </Button>
            </Group>
          ) : null
        }
      />
      <Stack gap="sm">
        <div aria-live="polite">
          {saving ? (
            <Text size="sm">{t('permissions.saving', { done: saving.done + 1, of: saving.of })}</Text>
          ) : dirty ? (
            <Text size="sm">{t('permissions.unsavedCount', { count: dirtyIds.length })}</Text>
          ) : null}
        </div>
        {failures.length ? (
          <Alert color="red" title={t('permissions.notSavedTitle')} role="alert">
            <List size="sm">
              {failures.map((f) => (
                <List.Item key={f.role}>
                  <strong>{f.role}</strong>: {f.message}
                </List.Item>
              ))}
            </List>
          </Alert>
        ) : null}
        {result.isPending ? (
          <Group gap="xs">
            <Loader size="sm" />
            <Text>{t('permissions.loading')}</Text>
          </Group>
        ) : result.isError ? (
          <Alert color="red" title={t('permissions.loadFailed')} role="alert">
            {messageOf(result.error)}
          </Alert>
        ) : roles.length === 0 ? (
          <Text>{t('permissions.empty')}</Text>
        ) : (
          <>
            <PermissionGrid roles={roles} drafts={drafts} editable={editable && !saving} onChange={change} />
            <KeyLegend
              title={t('permissions.keysTitle')}
              keys={[
                [['←', '→', '↑', '↓'], t('permissions.keys.move')],
                [['0', 'N'], t('permissions.keys.none')],
                [['1', 'R'], t('permissions.keys.read')],
                [['2', 'M'], t('permissions.keys.manage')],
                [[t('permissions.keys.spaceKey')], t('permissions.keys.next')],
              ]}
            />
            <Text size="sm" c="dimmed">
              {t('permissions.adminNote')}
            </Text>
          </>
        )}
      </Stack>
      <NewRoleModal opened={adding} taken={roles.map((r) => r.name)} onClose={() => setAdding(false)} onAdd={addRole} />
      <UnsavedChangesGuard dirty={dirty} />
    </>
  );
}
