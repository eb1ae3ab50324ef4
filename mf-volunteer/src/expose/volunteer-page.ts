// What the shell loads as "mf_volunteer/VolunteerPage": the page component, as default and by name.
export { VolunteerPage as default, VolunteerPage } from '../pages/volunteer/volunteer-page';
