/** A run's id: `run_` and 20 hex digits. */
export const newRunId = (): string => `run_${crypto.randomUUID().replaceAll('-', '').slice(0, 20)}`;
