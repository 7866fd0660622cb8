/** The public entry of modules/notifications: what other modules and db/demo use of it (eslint.config.js). */
export {
  notifyCorrectionDecided,
  notifyCorrectionRequested,
  notifyDayOffRequested,
  notifyInvitationAnswered,
  notifyInvitationSent,
  notifySchedulePublished,
} from './notification-triggers.ts';
export { endpointOfToken, parseWebPushSubscription } from './subscriptions.ts';
export type { PushEndpointPolicy } from './subscriptions.ts';
export {
  notifyClaimDecided,
  notifyClaimWaiting,
  notifyOpenShiftCancelled,
  notifyOpenShiftPosted,
  notifySwapAccepted,
  notifySwapDecided,
  notifySwapOffered,
} from './shift-exchange-triggers.ts';
