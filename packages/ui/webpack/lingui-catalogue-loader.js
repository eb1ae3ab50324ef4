/* eslint-disable @typescript-eslint/no-require-imports -- CommonJS: a webpack loader */
// An area's catalogue (src/locales/<language>.json: key → ICU message) compiled at build time by
// Lingui's own compiler, so the browser ships no message parser (issue 22, docs/decisions.md
// "Languages"). @lingui/loader does the same for .po files and a lingui.config per project; our
// catalogues are plain JSON owned by each area, which this keeps to a few lines.
const { compileMessage } = require('@lingui/message-utils/compileMessage');

module.exports = function linguiCatalogueLoader(source) {
  const messages = JSON.parse(source);
  const compiled = {};
  for (const [key, message] of Object.entries(messages)) compiled[key] = compileMessage(message);
  return `export default ${JSON.stringify(compiled)};`;
};
