// What the shell loads as "mf_hours/ConfirmHoursPage": the organisation's confirmation (issue 19).
export {
  ConfirmHoursPage as default,
  ConfirmHoursPage,
} from '../pages/confirm-hours/confirm-hours-page';
