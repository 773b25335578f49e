/**
 * A stand-in for the Workers AI binding (`env.AI`, remote-only: it cannot run here), as the source of a module for
 * Miniflare's wrapped bindings. `run(model, inputs)` answers each of the reasoner's structured decisions — named by
 * the JSON schema's `title`, which workers-ai-provider sets from the decision's name — with a fixed reply; a call
 * for another model than `model` fails, as Workers AI does for a model it does not have.
 */
export function scriptedWorkersAi(model: string, replies: Record<string, unknown>): string {
  return `
const REPLIES = ${JSON.stringify(replies)};
export default function () {
  return {
    async run(model, inputs) {
      if (model !== ${JSON.stringify(model)}) throw new Error('AiError: No such model ' + model);
      const decision = inputs?.response_format?.json_schema?.title ?? 'unknown';
      return {
        response: JSON.stringify(REPLIES[decision] ?? {}),
        usage: { prompt_tokens: 50, completion_tokens: 10, total_tokens: 60 },
      };
    },
  };
}
`;
}
