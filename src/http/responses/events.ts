import type { ReplyEnd, ReplyPiece } from '../chat/reply.ts';
import type { ResponsesRequest } from './request.ts';
import { finalOutput, messageItem, outputText, type ResponseMeta, reasoningItem, responseObject } from './shapes.ts';

type Send = (type: string, data: Record<string, unknown>) => Promise<void>;

/**
 * The Responses API event sequence for one reply, in OpenAI's order: `response.created`, `response.in_progress`;
 * the agent's progress (when on) as a reasoning item with one summary part; the message item with one output_text
 * part, its text deltas, its annotations, then the `.done` events; `response.completed` (or `response.incomplete`
 * after max_output_tokens). Every event carries `type` and an increasing `sequence_number`.
 */
export class ResponseEvents {
  private seq = 0;
  private reasoning: string | undefined;
  private text: string | undefined;
  private index = 0;

  constructor(
    private readonly meta: ResponseMeta,
    private readonly body: ResponsesRequest,
    private readonly write: (event: string, data: string) => Promise<void>,
  ) {}

  private send: Send = (type, data) => this.write(type, JSON.stringify({ type, sequence_number: this.seq++, ...data }));

  async start(): Promise<void> {
    const response = responseObject(this.meta, this.body, { status: 'in_progress', output: [] });
    await this.send('response.created', { response });
    await this.send('response.in_progress', { response });
  }

  async piece(p: ReplyPiece): Promise<void> {
    if (p.type === 'reasoning') {
      // Progress comes before the answer; anything after the message opened has no item to go to.
      if (this.text !== undefined) return;
      if (this.reasoning === undefined) await this.openReasoning();
      this.reasoning += p.text;
      return this.send('response.reasoning_summary_text.delta', {
        item_id: this.meta.reasoningId,
        output_index: this.index,
        summary_index: 0,
        delta: p.text,
      });
    }
    if (this.text === undefined) await this.openMessage();
    this.text += p.text;
    return this.send('response.output_text.delta', {
      ...this.at(),
      delta: p.text,
      logprobs: [],
    });
  }

  async finish(end: ReplyEnd, origin: string, json: boolean): Promise<void> {
    if (this.text === undefined) await this.openMessage();
    const output = finalOutput(this.meta, end, origin, json);
    const message = output.at(-1) as ReturnType<typeof messageItem>;
    const part = message.content[0] as ReturnType<typeof outputText>;
    for (const [i, annotation] of part.annotations.entries())
      await this.send('response.output_text.annotation.added', { ...this.at(), annotation_index: i, annotation });
    await this.send('response.output_text.done', { ...this.at(), text: part.text, logprobs: [] });
    await this.send('response.content_part.done', { ...this.at(), part });
    await this.send('response.output_item.done', { output_index: this.index, item: message });
    const status = end.finish === 'length' ? 'incomplete' : 'completed';
    await this.send(`response.${status}`, { response: responseObject(this.meta, this.body, { status, output, end }) });
  }

  /** The run failed after the stream started: OpenAI's `response.failed`, which the SDKs raise as an error. */
  async fail(code: string, message: string): Promise<void> {
    const error = { code, message };
    await this.send('response.failed', {
      response: responseObject(this.meta, this.body, { status: 'failed', output: [], error }),
    });
  }

  private at() {
    return { item_id: this.meta.messageId, output_index: this.index, content_index: 0 };
  }

  private async openReasoning(): Promise<void> {
    this.reasoning = '';
    await this.send('response.output_item.added', {
      output_index: this.index,
      item: reasoningItem(this.meta, undefined),
    });
    await this.send('response.reasoning_summary_part.added', {
      item_id: this.meta.reasoningId,
      output_index: this.index,
      summary_index: 0,
      part: { type: 'summary_text', text: '' },
    });
  }

  private async closeReasoning(): Promise<void> {
    const text = this.reasoning!;
    const ids = { item_id: this.meta.reasoningId, output_index: this.index, summary_index: 0 };
    await this.send('response.reasoning_summary_text.done', { ...ids, text });
    await this.send('response.reasoning_summary_part.done', { ...ids, part: { type: 'summary_text', text } });
    await this.send('response.output_item.done', { output_index: this.index, item: reasoningItem(this.meta, text) });
    this.index++;
  }

  private async openMessage(): Promise<void> {
    if (this.reasoning !== undefined) await this.closeReasoning();
    this.text = '';
    await this.send('response.output_item.added', {
      output_index: this.index,
      item: messageItem(this.meta, 'in_progress', []),
    });
    await this.send('response.content_part.added', { ...this.at(), part: outputText('', []) });
  }
}
