import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../ui/notify';
import { messageOfAnswer, useDispatchMutation } from '../api';
import type { Availability, SidebarDriver } from '../model';

/** Status and shift changes from the driver status dashboard, each confirmed or explained in words. */
export function useDriverActions() {
  const { t } = useTranslation();
  const status = useDispatchMutation('Driver/UpdateDriverStatus');
  const shift = useDispatchMutation('Driver/AddDriverShift');

  return {
    pendingStatus: status.isPending ? (status.variables?.driverId as number | undefined) : undefined,
    pendingShift: shift.isPending ? (shift.variables?.driverId as number | undefined) : undefined,
    async setStatus(driver: SidebarDriver, availability: Availability): Promise<void> {
      try {
        const answer = await status.mutateAsync({ driverId: driver.id, availability });
        notifySuccess(
          t('dispatch.driverStatus.statusChanged', {
            name: driver.name,
            status: t(`dispatch.sidebar.group.${availability}`),
          }),
          messageOfAnswer(answer),
        );
      } catch (error) {
        notifyError(t('dispatch.driverStatus.statusFailed'), error);
      }
    },
    async startShift(driver: SidebarDriver, vehicleId: number | null): Promise<boolean> {
      try {
        const answer = await shift.mutateAsync({
          driverId: driver.id,
          action: 'start',
          vehicleId: vehicleId ?? undefined,
        });
        notifySuccess(t('dispatch.driverStatus.shiftStarted', { name: driver.name }), messageOfAnswer(answer));
        return true;
      } catch (error) {
        notifyError(t('dispatch.driverStatus.shiftFailed'), error);
        return false;
      }
    },
    async endShift(driver: SidebarDriver): Promise<void> {
      try {
        const answer = await shift.mutateAsync({ driverId: driver.id, action: 'end' });
        notifySuccess(t('dispatch.driverStatus.shiftEnded', { name: driver.name }), messageOfAnswer(answer));
      } catch (error) {
        notifyError(t('dispatch.driverStatus.shiftFailed'), error);
      }
    },
  };
}

export type DriverActions = ReturnType<typeof useDriverActions>;
