import { Button, Grid } from '@mantine/core';
import { IconSpeakerphone } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useAbility } from '../../app/ability';
import { PageHeader } from '../../ui/PageHeader';
import { BroadcastModal } from './BroadcastModal';
import { ConversationList } from './ConversationList';
import { ConversationPane } from './ConversationPane';

/** Chat with drivers: conversations on the left, the open one on the right; `?driverId=N` opens one. */
export function ChatPage() {
  const { t } = useTranslation();
  const ability = useAbility();
  const [params, setParams] = useSearchParams();
  const driverId = Number(params.get('driverId')) || null;
  const [broadcasting, setBroadcasting] = useState(false);
  return (
    <>
      <PageHeader
        title={t('chat.title')}
        subtitle={t('chat.subtitle')}
        actions={
          ability.can('create', 'Chat') ? (
            <Button leftSection={<IconSpeakerphone size={16} />} variant="light" onClick={() => setBroadcasting(true)}>
              {t('chat.broadcast')}
            </Button>
          ) : null
        }
      />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <ConversationList selected={driverId} onSelect={(id) => setParams({ driverId: String(id) })} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <ConversationPane driverId={driverId} onDeleted={() => setParams({})} />
        </Grid.Col>
      </Grid>
      <BroadcastModal opened={broadcasting} onClose={() => setBroadcasting(false)} />
    </>
  );
}
