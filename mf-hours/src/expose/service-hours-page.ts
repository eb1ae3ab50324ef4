// What the shell loads as "mf_hours/ServiceHoursPage": the page component, as default and by name.
export {
  ServiceHoursPage as default,
  ServiceHoursPage,
} from '../pages/service-hours/service-hours-page';
