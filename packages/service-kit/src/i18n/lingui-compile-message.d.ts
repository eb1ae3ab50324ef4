// node10 resolution does not read package "exports"; this names the types the package ships.
declare module '@lingui/message-utils/compileMessage' {
  export { compileMessage } from '@lingui/message-utils/dist/compileMessage';
}
