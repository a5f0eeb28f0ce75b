import { Button, Card, Code, Group, Paper, Select, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useMemo, useState } from 'react';
import { type CallOutput, schemas } from '@cabdesk/contract';
import { useTranslation } from 'react-i18next';
import { useAbility } from '../../app/ability';
import { messageOf } from '../../api/errors';
import { useCallMutation } from '../../api/hooks';
import { notifyError, notifySuccess } from '../../ui/notify';

type Template = CallOutput<'EmailSettings/GetTableSummary'>['templates'][number];
type Kind = schemas.TemplateKind;

/** The words of a placeholder the kind does not know, for the field that names it. */
function placeholderError(kind: Kind, text: string, say: (names: string) => string): string | null {
  const unknown = schemas.unknownPlaceholders(kind, text);
  return unknown.length ? say(unknown.map((u) => `{${u}}`).join(', ')) : null;
}

/**
 * One mail's subject and text at a time, with the placeholders it may use and a preview filled with
 * sample facts as it is typed (the same rendering as the server's).
 */
export function TemplateEditor({ templates }: { templates: Template[] }) {
  const { t } = useTranslation();
  const canEdit = useAbility().can('update', 'Settings');
  const save = useCallMutation('EmailSettings/Update');
  const [saved, setSaved] = useState(templates);
  const [kind, setKind] = useState<Kind>('confirmation');
  const current = saved.find((x) => x.kind === kind)!;
  const [draft, setDraft] = useState({ subject: current.subject, body: current.body });
  const choose = (next: Kind) => {
    const template = saved.find((x) => x.kind === next)!;
    setKind(next);
    setDraft({ subject: template.subject, body: template.body });
  };
  const unknownSays = (names: string) => t('email-settings.unknownPlaceholder', { names });
  const subjectError = placeholderError(kind, draft.subject, unknownSays);
  const bodyError = placeholderError(kind, draft.body, unknownSays);
  const facts = schemas.sampleFacts[kind];
  const preview = useMemo(
    () => ({ subject: schemas.renderTemplate(draft.subject, facts), body: schemas.renderTemplate(draft.body, facts) }),
    [draft, facts],
  );
  const dirty = draft.subject !== current.subject || draft.body !== current.body;

  const store = async (subject: string | null, body: string | null) => {
    try {
      const res = await save.mutateAsync({ templates: [{ kind, subject, body }] });
      setSaved(res.data.templates);
      const next = res.data.templates.find((x) => x.kind === kind)!;
      setDraft({ subject: next.subject, body: next.body });
      notifySuccess(t('email-settings.templateSaved'), t(`email-settings.kinds.${kind}`));
    } catch (error) {
      notifyError(t('email-settings.templateNotSaved'), error);
    }
  };

  return (
    <Card withBorder padding="md" component="section" aria-labelledby="templates-title">
      <Title order={2} size="h4" id="templates-title" mb="xs">
        {t('email-settings.templatesTitle')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('email-settings.templatesHelp')}
      </Text>
      <Stack gap="sm">
        <Select
          label={t('email-settings.templateKind')}
          allowDeselect={false}
          data={schemas.templateKinds.map((k) => ({
            value: k,
            label: `${t(`email-settings.kinds.${k}`)}${saved.find((x) => x.kind === k)?.isDefault ? '' : ` (${t('email-settings.changed')})`}`,
          }))}
          value={kind}
          onChange={(v) => v && choose(v as Kind)}
          maw={420}
        />
        <Text size="sm" id="placeholders">
          {t('email-settings.placeholders')}{' '}
          {current.placeholders.map((p) => (
            <Code key={p} mr={4}>{`{${p}}`}</Code>
          ))}
        </Text>
        <TextInput
          label={t('email-settings.subject')}
          value={draft.subject}
          disabled={!canEdit}
          error={subjectError}
          aria-describedby="placeholders"
          onChange={(e) => {
            // Read now: the event's target is gone by the time React runs the update.
            const subject = e.currentTarget.value;
            setDraft((d) => ({ ...d, subject }));
          }}
        />
        <Textarea
          label={t('email-settings.body')}
          value={draft.body}
          disabled={!canEdit}
          error={bodyError}
          autosize
          minRows={6}
          aria-describedby="placeholders"
          onChange={(e) => {
            const body = e.currentTarget.value;
            setDraft((d) => ({ ...d, body }));
          }}
        />
        <Paper withBorder p="sm" component="section" aria-labelledby="preview-title" data-testid="template-preview">
          <Title order={3} size="h5" id="preview-title" mb={4}>
            {t('email-settings.preview')}
          </Title>
          <Text size="xs" c="dimmed" mb="xs">
            {t('email-settings.previewHelp')}
          </Text>
          <div aria-live="polite">
            <Text fw={700} data-testid="preview-subject">
              {preview.subject}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="preview-body">
              {preview.body}
            </Text>
          </div>
        </Paper>
        {save.isError && (
          <Text size="sm" c="red.8" role="alert">
            {messageOf(save.error)}
          </Text>
        )}
        {canEdit && (
          <Group justify="flex-end" gap="sm">
            <Button
              variant="default"
              disabled={current.isDefault || save.isPending}
              onClick={() => void store(null, null)}
            >
              {t('email-settings.restoreDefault')}
            </Button>
            <Button
              loading={save.isPending}
              disabled={!dirty || Boolean(subjectError || bodyError) || !draft.subject.trim() || !draft.body.trim()}
              onClick={() => void store(draft.subject, draft.body)}
            >
              {t('email-settings.saveTemplate')}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
