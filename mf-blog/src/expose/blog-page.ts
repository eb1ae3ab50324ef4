// What the shell loads as "mf_blog/BlogPage": the page component, as default and by name.
export { BlogPage as default, BlogPage } from '../pages/blog/blog-page';
