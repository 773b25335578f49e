// @ts-check
import { createSSEParser } from './sse.js';

const KEY = 'grounded.apiKey';

/** The API key the user saved in this browser ('' when none); storage may be blocked, which means no key. */
export function getApiKey() {
  try {
    return localStorage.getItem(KEY) ?? '';
  } catch {
    return '';
  }
}

/** @param {string} key */
export function setApiKey(key) {
  try {
    if (key) localStorage.setItem(KEY, key);
    else localStorage.removeItem(KEY);
  } catch {
    // storage blocked: the key lives only as long as the input field
  }
}

/** A failed API call, carrying the server's `{error:{code,message,field?}}`. */
export class ApiError extends Error {
  /**
   * @param {number} status
   * @param {string} code
   * @param {string} message
   */
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

/** @param {Record<string, string>} extra */
function headers(extra) {
  const key = getApiKey();
  return key ? { ...extra, authorization: `Bearer ${key}` } : extra;
}

/** @param {Response} res @returns {Promise<never>} */
async function fail(res) {
  /** @type {any} */
  let body = null;
  try {
    body = await res.json();
  } catch {
    // not JSON: fall back to the status line
  }
  const err = body?.error;
  const e = new ApiError(res.status, err?.code ?? `http_${res.status}`, err?.message ?? res.statusText);
  // Let the settings panel offer the key field whichever page or call hit the wall.
  if (res.status === 401) window.dispatchEvent(new CustomEvent('grounded:unauthorized', { detail: e.message }));
  throw e;
}

/**
 * @param {string} path
 * @param {AbortSignal} [signal]
 * @returns {Promise<any>}
 */
export async function getJson(path, signal) {
  const res = await fetch(path, { headers: headers({ accept: 'application/json' }), signal });
  if (!res.ok) await fail(res);
  return res.json();
}

/**
 * @param {string} path
 * @param {unknown} body
 * @param {AbortSignal} [signal]
 * @returns {Promise<any>}
 */
export async function postJson(path, body, signal) {
  const res = await fetch(path, {
    method: 'POST',
    headers: headers({ 'content-type': 'application/json', accept: 'application/json' }),
    body: JSON.stringify(body),
    signal,
  });
  if (!res.ok) await fail(res);
  return res.json();
}

/**
 * Read a Server-Sent Events response to its end, calling `onEvent` per event (an error status is thrown as ApiError).
 *
 * @param {Response} res
 * @param {(type: string, data: any) => void} onEvent
 */
async function readEvents(res, onEvent) {
  if (!res.ok) await fail(res);
  if (!res.body) throw new ApiError(res.status, 'no_body', 'the server sent no stream');
  const parser = createSSEParser(({ event, data }) => onEvent(event, JSON.parse(data)));
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parser.push(value);
  }
  parser.end();
}

/**
 * POST and read the reply as Server-Sent Events, calling `onEvent` with each event's parsed JSON data.
 *
 * @param {string} path
 * @param {unknown} body
 * @param {(type: string, data: any) => void} onEvent
 * @param {AbortSignal} [signal]
 */
export async function postStream(path, body, onEvent, signal) {
  const res = await fetch(path, {
    method: 'POST',
    headers: headers({ 'content-type': 'application/json', accept: 'text/event-stream' }),
    body: JSON.stringify(body),
    signal,
  });
  await readEvents(res, onEvent);
}

/**
 * Send a request with any method and body (a FormData goes as multipart, with the browser's own boundary).
 *
 * @param {string} method
 * @param {string} path
 * @param {FormData | unknown} [body]
 * @returns {Promise<any>}
 */
export async function send(method, path, body) {
  const form = body instanceof FormData;
  const res = await fetch(path, {
    method,
    headers: headers(
      form || body === undefined
        ? { accept: 'application/json' }
        : { 'content-type': 'application/json', accept: 'application/json' },
    ),
    body: form ? body : body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) await fail(res);
  return res.json();
}

/**
 * GET a Server-Sent Events stream (with the key, which EventSource cannot send), calling `onEvent` per event.
 *
 * @param {string} path
 * @param {(type: string, data: any) => void} onEvent
 * @param {AbortSignal} [signal]
 */
export async function getStream(path, onEvent, signal) {
  const res = await fetch(path, { headers: headers({ accept: 'text/event-stream' }), signal });
  await readEvents(res, onEvent);
}

/** @param {string} s */
export const enc = (s) => encodeURIComponent(s);
