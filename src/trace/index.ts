export { fileTraceStore } from './file-trace-store.ts';
export * from './schema.ts';
export { memoryTraceStore, parseTraceLines, RUN_ID, type TraceStore } from './trace-store.ts';
export { redact, Tracer } from './tracer.ts';
