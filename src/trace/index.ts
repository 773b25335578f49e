// Web APIs only (the Workers front imports it). Node-only: batched-trace-store.ts, file-trace-store.ts.
export { bucketTraceStore, type TraceBucket } from './bucket-trace-store.ts';
export { packTrace, TRACE_STORE_VERSION, unpackTrace } from './pack.ts';
export {
  contextFromHeaders,
  currentRequest,
  type RequestContext,
  traceHeaders,
  tracingFetch,
  withRequestContext,
} from './request-context.ts';
export * from './schema.ts';
export type { TraceBlob, TraceBlobs } from './trace-blobs.ts';
export { memoryTraceStore, RUN_ID, type TraceStore } from './trace-store.ts';
export { redact, Tracer } from './tracer.ts';
