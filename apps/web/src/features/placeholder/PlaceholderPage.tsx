import { Button, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconTool } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { NavItem } from '../../app/nav-items';

/**
 * A clear page for an area that is not built yet: what it is and what it will hold. On the user's own
 * start page there is nowhere to go back to (a passenger's start page is not built yet either).
 */
export function PlaceholderPage({ item, isHome = false }: { item: NavItem; isHome?: boolean }) {
  const { t } = useTranslation();
  const area = t(`nav.${item.label}`);
  return (
    <Paper withBorder radius="lg" p="xl" maw={640} data-testid="placeholder">
      <Stack gap="md">
        <ThemeIcon size={48} radius="xl" variant="light">
          <IconTool />
        </ThemeIcon>
        <Title order={2}>{t('placeholder.title', { area })}</Title>
        {item.holds?.length ? (
          <>
            <Text>{t('placeholder.body')}</Text>
            <List>
              {item.holds.map((h) => (
                <List.Item key={h}>{h}</List.Item>
              ))}
            </List>
          </>
        ) : null}
        {isHome ? null : (
          <Button component={Link} to="/" variant="light" w="fit-content">
            {t('placeholder.back')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
