import { readlinkSync } from 'node:fs';
import { hostname } from 'node:os';

/** This process as a lease holder sees itself, and a way to tell whether a holder on this host still runs. */
export type ProcessIdentity = {
  host: string;
  /** Host name plus PID namespace: two holders with the same key share one process table. */
  hostKey: string;
  pid: number;
  /** Whether a process with this pid runs in this process table (false only when it surely does not). */
  isAlive(pid: number): boolean;
};

export function currentProcess(): ProcessIdentity {
  const host = hostname();
  let ns = '';
  try {
    // Containers on one machine can share a host name but not a PID namespace.
    ns = readlinkSync('/proc/self/ns/pid');
  } catch {
    // Not Linux: the host name alone.
  }
  return {
    host,
    hostKey: ns ? `${host}/${ns}` : host,
    pid: process.pid,
    isAlive(pid) {
      try {
        process.kill(pid, 0);
        return true;
      } catch (e) {
        // EPERM: it exists but belongs to someone else.
        return (e as NodeJS.ErrnoException).code !== 'ESRCH';
      }
    },
  };
}
