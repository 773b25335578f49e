import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createLlmJudge } from '../../evals/judges/llm.ts';
import { promptText, scriptedModel } from './scripted-model.ts';

const passages = ['Regular exercise decreased resting blood pressure.', 'The trial ran for 12 weeks.'];

describe('LLM judge', () => {
  test('turns a well-formed reply into a judgement with a 0-based passage index', async () => {
    const { model, calls } = scriptedModel([
      '{"verdict":"contradicted","passage":1,"confidence":0.9,"reason":"The passage says it decreased."}',
    ]);
    const j = await createLlmJudge({ model }).judge('Exercise increased blood pressure.', passages);
    assert.equal(j.verdict, 'contradicted');
    assert.equal(j.passage, 0);
    assert.ok(Math.abs(j.score - 0.05) < 1e-9);
    assert.equal(calls.length, 1);
    const prompt = promptText(calls[0]!);
    assert.match(prompt, /\[1\] Regular exercise decreased/);
    assert.match(prompt, /\[2\] The trial ran for 12 weeks/);
    assert.match(prompt, /Claim: Exercise increased blood pressure\./);
  });

  test('puts the question in the prompt when one is given', async () => {
    const { model, calls } = scriptedModel(['{"verdict":"supported","passage":2,"confidence":1,"reason":"Stated."}']);
    const j = await createLlmJudge({ model }).judge('12 weeks', passages, undefined, {
      question: 'How long was the trial?',
    });
    assert.equal(j.verdict, 'supported');
    assert.equal(j.score, 1);
    assert.match(promptText(calls[0]!), /Question: How long was the trial\?/);
  });

  test('retries a malformed reply once, sending the parse error back', async () => {
    const { model, calls } = scriptedModel([
      'Sure! The claim is supported.',
      '{"verdict":"supported","passage":null,"confidence":0.8,"reason":"Stated in passage 1."}',
    ]);
    const j = await createLlmJudge({ model }).judge('Exercise lowered blood pressure.', passages);
    assert.equal(j.verdict, 'supported');
    assert.equal(j.passage, undefined);
    assert.equal(calls.length, 2);
    const retry = promptText(calls[1]!);
    assert.match(retry, /could not be used/);
    assert.match(retry, /Sure! The claim is supported\./);
  });

  test('a reply that breaks the schema twice is not_found, with the reason', async () => {
    const { model, calls } = scriptedModel(['{"verdict":"maybe"}', '{"verdict":"true","confidence":2}']);
    const j = await createLlmJudge({ model }).judge('Exercise lowered blood pressure.', passages);
    assert.equal(j.verdict, 'not_found');
    assert.equal(j.score, 0);
    assert.match(j.reason, /unusable after a retry/);
    assert.equal(calls.length, 2);
  });

  test('ignores a passage number outside the passages', async () => {
    const { model } = scriptedModel(['{"verdict":"not_found","passage":7,"confidence":0.6,"reason":"Not there."}']);
    const j = await createLlmJudge({ model, id: 'llm:test' }).judge('The trial ran for a year.', passages);
    assert.equal(j.passage, undefined);
    assert.ok(Math.abs(j.score - 0.2) < 1e-9);
  });
});
