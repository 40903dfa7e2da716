import type { UseMutationResult } from '@tanstack/react-query';
import type { BookingSettings } from '@/features/booking-merchant/api/get-booking-settings';
import { useSetCancellationNotice } from '@/features/booking-merchant/api/set-cancellation-notice';
import { useSetMaxOpenRequests } from '@/features/booking-merchant/api/set-max-open-requests';
import { useSetNoShowAlertThreshold } from '@/features/booking-merchant/api/set-no-show-alert-threshold';
import { bookingMerchantTexts } from '@/features/booking-merchant/texts';

const t = bookingMerchantTexts.impostazioni;
const v = bookingMerchantTexts.visit;

/** What tells one whole-number salon rule from another: its texts, its database range, where it is read and saved. */
export interface OneNumberSetting {
  title: string;
  lead: string;
  label: string;
  submit: string;
  outOfRange: string;
  min: number;
  max: number;
  read: (settings: BookingSettings) => number;
  useSave: () => UseMutationResult<{ message: string }, Error, number>;
}

/** How many hours before a confirmed appointment customers may still cancel it themselves (0 to 168). */
export const cancellationNotice: OneNumberSetting = {
  title: t.cancellation,
  lead: t.cancellationLead,
  label: t.cancellationHours,
  submit: t.saveCancellation,
  outOfRange: t.cancellationOutOfRange,
  min: 0,
  max: 168,
  read: (settings) => settings.cancellation_notice_hours,
  useSave: useSetCancellationNotice,
};

/** How many open requests one customer may have at the salon at once (1 to 100). */
export const openRequests: OneNumberSetting = {
  title: t.openRequests,
  lead: t.openRequestsLead,
  label: t.openRequestsLimit,
  submit: t.saveOpenRequests,
  outOfRange: t.openRequestsOutOfRange,
  min: 1,
  max: 100,
  read: (settings) => settings.max_open_requests,
  useSave: useSetMaxOpenRequests,
};

/** From how many missed appointments a client's new requests are flagged in Prenotazioni (1 to 20). */
export const noShowAlert: OneNumberSetting = {
  title: v.alert,
  lead: v.alertLead,
  label: v.alertThreshold,
  submit: v.saveAlert,
  outOfRange: v.alertOutOfRange,
  min: 1,
  max: 20,
  read: (settings) => settings.no_show_alert_threshold,
  useSave: useSetNoShowAlertThreshold,
};
