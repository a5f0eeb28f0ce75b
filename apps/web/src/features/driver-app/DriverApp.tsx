import { useAbility } from '../../app/ability';
import { useAuth } from '../../app/auth';
import { NotFoundPage } from '../../app/NotFoundPage';
import { DriverLayout } from './DriverLayout';
import { DriverSessionProvider } from './session';

/** Only a signed-in driver opens the driver app; the office has the dispatch desk for the same jobs. */
export function DriverApp() {
  const { user } = useAuth();
  const ability = useAbility();
  if (user?.role !== 'Driver' || !ability.can('read', 'DriverApp')) return <NotFoundPage forbidden />;
  return (
    <DriverSessionProvider>
      <DriverLayout />
    </DriverSessionProvider>
  );
}
