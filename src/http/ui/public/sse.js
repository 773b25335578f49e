// @ts-check
/**
 * An incremental Server-Sent Events parser (the WHATWG event-stream format). EventSource cannot POST, so the console
 * reads the response body itself and feeds the text here as it arrives; events come out whole, in order.
 *
 * @param {(ev: { event: string, data: string }) => void} onEvent
 */
export function createSSEParser(onEvent) {
  let buffer = '';
  let event = '';
  /** @type {string[]} */
  let data = [];

  /** @param {string} line */
  function take(line) {
    if (line === '') {
      if (data.length) onEvent({ event: event || 'message', data: data.join('\n') });
      event = '';
      data = [];
      return;
    }
    if (line.startsWith(':')) return; // comment / keep-alive
    const colon = line.indexOf(':');
    const name = colon < 0 ? line : line.slice(0, colon);
    let value = colon < 0 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (name === 'event') event = value;
    else if (name === 'data') data.push(value);
  }

  return {
    /** @param {string} text */
    push(text) {
      buffer += text;
      for (;;) {
        const m = /\r\n|\r|\n/.exec(buffer);
        // A lone trailing \r may be the first half of \r\n split across chunks: wait for more.
        if (!m || (m[0] === '\r' && m.index === buffer.length - 1)) return;
        take(buffer.slice(0, m.index));
        buffer = buffer.slice(m.index + m[0].length);
      }
    },
    /** The stream ended: flush a last event that had no blank line after it. */
    end() {
      if (buffer) take(buffer.replace(/\r$/, ''));
      buffer = '';
      take('');
    },
  };
}
