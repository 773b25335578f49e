import assert from 'node:assert/strict';
import { test } from 'node:test';
import { condenseTurns, entitiesOf } from '../../src/agent/reasoner/builtin/condense.ts';

const users = (...contents: string[]) => contents.map((content) => ({ role: 'user' as const, content }));

test('a pronoun becomes the entity of the earlier turn', () => {
  assert.equal(
    condenseTurns(users('What does Brindlewick Instruments make?'), 'When was it founded?'),
    'When was Brindlewick Instruments founded?',
  );
});

test('the pronoun points to the subject of the latest turn that names one, not its last name', () => {
  assert.equal(condenseTurns(users('Does ADAR1 bind to Dicer?'), 'What does it edit?'), 'What does ADAR1 edit?');
  assert.equal(
    condenseTurns(users('What does Veltrane Robotics build?', 'And what does Quorvex Foods make?'), 'Who founded it?'),
    'Who founded Quorvex Foods?',
  );
});

test('an elliptical follow-up re-asks the last full question about its new entity', () => {
  const h = users('When was Veltrane Robotics founded?');
  assert.equal(condenseTurns(h, 'And Quorvex Foods?'), 'When was Quorvex Foods founded?');
  assert.equal(
    condenseTurns([...h, ...users('And Quorvex Foods?')], 'What about Tessaly Bio?'),
    'When was Tessaly Bio founded?',
  );
  assert.equal(
    condenseTurns([...h, ...users('And Quorvex Foods?')], 'Where is it based?'),
    'Where is Quorvex Foods based?',
  );
});

test('a question whose pronoun points inside itself, or that stands alone, is kept', () => {
  const h = users('What does Veltrane Robotics build?');
  const q = 'What is the capital of Mongolia and how cold does it get?';
  assert.equal(condenseTurns(h, q), q);
  assert.equal(
    condenseTurns(h, 'Which companies were founded before 1950 in England?'),
    'Which companies were founded before 1950 in England?',
  );
  assert.equal(condenseTurns([], 'When was it founded?'), 'When was it founded?');
});

test('assistant turns do not supply entities; the topic is appended when there is no pronoun', () => {
  const h = [...users('What does Veltrane Robotics build?'), { role: 'assistant' as const, content: 'Quorvex Foods.' }];
  assert.equal(condenseTurns(h, 'And where?'), 'And where? (Veltrane Robotics)');
});

test('entities drop the question words a capitalised name glues to', () => {
  assert.deepEqual(entitiesOf('Does ADAR1 bind to Dicer?'), ['ADAR1', 'Dicer']);
  assert.deepEqual(entitiesOf('And Quorvex Foods?'), ['Quorvex Foods']);
  assert.deepEqual(entitiesOf('What did Marie Curie discover In Paris?'), ['Marie Curie', 'Paris']);
  assert.deepEqual(entitiesOf('When was it founded?'), []);
});
