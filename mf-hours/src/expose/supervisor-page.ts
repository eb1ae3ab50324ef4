// What the shell loads as "mf_hours/SupervisorPage": the page component, as default and by name.
export { SupervisorPage as default, SupervisorPage } from '../pages/supervisor/supervisor-page';
