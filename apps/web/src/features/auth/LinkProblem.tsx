import { Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Failure } from './AccountCard';

export type LinkState = 'valid' | 'expired' | 'used' | 'unknown' | 'missing';

/** Why a link from an e-mail does not work, in words, and where to get a new one. */
export function LinkProblem({ state, kind, again }: { state: LinkState; kind: string; again?: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Failure title={t(`auth.link.${state}Title`)}>
        {t(`auth.link.${state}`, { kind: t(`auth.link.kind.${kind}`) })}
      </Failure>
      {again ? (
        <Text size="sm" ta="center">
          <Anchor component={Link} to={again}>
            {t(`auth.link.again.${kind}`)}
          </Anchor>
        </Text>
      ) : null}
    </>
  );
}
