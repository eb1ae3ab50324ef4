// `@district/contracts/openapi`: kept out of the main entry so browser bundles never pull in the
// generator.
export * from './endpoints';
export * from './document';
