// What the shell loads as "mf_directory/DirectoryPage": the page component, as default and by name.
export { DirectoryPage as default, DirectoryPage } from '../pages/directory/directory-page';
