// pino's browser build (console-backed, no Node streams): the same API as pino, for the Workers entry.
declare module 'pino/browser.js' {
  import pino from 'pino';
  export default pino;
}
