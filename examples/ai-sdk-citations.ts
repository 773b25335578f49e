// Recipe: grounded's citations in the AI SDK's `providerMetadata` with the openai-compatible provider (chat API).
// Copy this file into your app; the test suite runs it against a real server (test/http/chat-ai-sdk.test.ts).
//
//   const grounded = createOpenAICompatible({
//     name: 'grounded', baseURL: 'http://127.0.0.1:8787/v1', metadataExtractor: groundedCitations,
//   });
//   const r = await generateText({ model: grounded.chatModel('grounded'), prompt });
//   r.providerMetadata?.grounded?.citations   // [{n, chunk_id, source, doc_id, title, page, start, end, text}, …]
//   r.providerMetadata?.grounded?.run_id      // the run's trace: GET /v1/traces/<run_id>
//
// With streamText the same object is in `await result.providerMetadata`.
import type { MetadataExtractor } from '@ai-sdk/openai-compatible';

type Body = { citations?: unknown; grounded?: { run_id?: unknown; status?: unknown } };

const pick = (body: Body) =>
  Array.isArray(body.citations)
    ? {
        grounded: JSON.parse(
          JSON.stringify({
            citations: body.citations,
            run_id: body.grounded?.run_id ?? null,
            status: body.grounded?.status ?? null,
          }),
        ),
      }
    : undefined;

export const groundedCitations: MetadataExtractor = {
  // A non-streamed chat completion carries `citations` and `grounded` at its top level.
  extractMetadata: async ({ parsedBody }) => pick((parsedBody ?? {}) as Body),
  // A stream carries them on its last chunk (the one with finish_reason).
  createStreamExtractor: () => {
    let found: ReturnType<typeof pick>;
    return {
      processChunk: (chunk) => {
        found = pick((chunk ?? {}) as Body) ?? found;
      },
      buildMetadata: () => found,
    };
  },
};
