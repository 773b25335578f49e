import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { createBuiltinJudge } from '../../evals/judges/builtin/index.ts';
import { CONTRADICTION_SUITE, runContradictionSuite } from '../../evals/judges/contradiction-suite.ts';
import { createOverlapJudge } from '../../evals/judges/overlap.ts';

const judge = createBuiltinJudge();
const verdict = async (claim: string, passages: string[], question?: string) =>
  (await judge.judge(claim, passages, undefined, question ? { question } : undefined)).verdict;

describe('builtin judge: contradictions', () => {
  test('a negated claim against a plain passage is contradicted, and the other way round', async () => {
    const p = ['Daily aspirin reduces the risk of a first heart attack in older adults.'];
    assert.equal(
      await verdict('Daily aspirin does not reduce the risk of a first heart attack in older adults.', p),
      'contradicted',
    );
    assert.equal(
      await verdict("Vitamin D didn't prevent fractures in the trial.", [
        'Vitamin D prevented fractures in the trial.',
      ]),
      'contradicted',
    );
    assert.equal(
      await verdict('Vitamin D prevented fractures in the trial.', [
        'Vitamin D did not prevent fractures in the trial.',
      ]),
      'contradicted',
    );
  });

  test('negation is read per word: what it governs, and whether the passage ever says it the same way', async () => {
    assert.equal(
      await verdict('The drug was not approved by the FDA in 2019.', ['The FDA did not approve the drug in 2019.']),
      'supported',
    );
    assert.equal(
      await verdict('The treatment reduced morbidity.', ['The treatment reduced mortality but not morbidity.']),
      'contradicted',
    );
    assert.equal(
      await verdict('The treatment reduced mortality.', ['The treatment reduced mortality but not morbidity.']),
      'supported',
    );
    const p = [
      'Risks were lower in those with no history of exacerbations. Risks were 62% (vs 24%) in those with 3 high biomarkers (vs no high biomarkers) and a history of exacerbations.',
    ];
    assert.equal(
      await verdict(
        'Risks were 62% (vs 24%) in those with 3 high biomarkers (vs no high biomarkers) and a history of exacerbations.',
        p,
      ),
      'supported',
    );
  });

  test('a claim about a name the passages never mention is not found, not contradicted', async () => {
    assert.equal(
      await verdict('Sydney is the capital of Australia.', ['The city is not the capital of Australia; Canberra is.']),
      'not_found',
    );
  });

  test('a negation outside the claim words does not flip it', async () => {
    const p = ['Although the drug was not cheap, it reduced mortality by 20% in the trial.'];
    assert.equal(await verdict('The drug reduced mortality by 20% in the trial.', p), 'supported');
  });

  test('reversed direction is contradicted; a same-direction synonym is supported', async () => {
    const p = ['Coffee consumption is linked to a reduced risk of type 2 diabetes.'];
    assert.equal(
      await verdict('Coffee consumption is linked to an increased risk of type 2 diabetes.', p),
      'contradicted',
    );
    assert.equal(await verdict('Coffee consumption is linked to a lower risk of type 2 diabetes.', p), 'supported');
  });

  test('a wrong number, year or day is contradicted; the same value written differently is supported', async () => {
    const p = ['The bridge, completed in 1932, spans 503 metres and carried 1,250 cars a day.'];
    assert.equal(await verdict('The bridge was completed in 1928.', p), 'contradicted');
    assert.equal(await verdict('The bridge carried 2,500 cars a day.', p), 'contradicted');
    assert.equal(await verdict('The bridge carried 1250 cars a day.', p), 'supported');
    assert.equal(
      await verdict('She was born on 21 March 1950 in Leeds.', ['She was born on 12 March 1950 in Leeds.']),
      'contradicted',
    );
    assert.equal(
      await verdict('The album sold five million copies.', ['The album sold three million copies.']),
      'contradicted',
    );
  });

  test('a name in another relation slot is contradicted ("directed by" vs "written by")', async () => {
    const p = ['Beowulf is a 2007 film directed by Robert Zemeckis and written by Neil Gaiman and Roger Avary.'];
    assert.equal(await verdict('Beowulf was directed by Neil Gaiman.', p), 'contradicted');
    assert.equal(await verdict('Beowulf was written by Neil Gaiman.', p), 'supported');
  });

  test('a slot is only compared in sentences about the same subject, and a lower-case title fills it too', async () => {
    const p = [
      'The Nostalgia Factory, subtitled "...and other tips for amateur golfers", is the second album by Porcupine Tree.',
      'Tarquin\'s Seaweed Farm, subtitled "Words from a Hessian Sack", is the first album by Porcupine Tree.',
    ];
    assert.equal(
      await verdict(
        'The Nostalgia Factory, subtitled "...and other tips for amateur golfers", is the second album by Porcupine Tree.',
        p,
      ),
      'supported',
    );
    // "He" carries the subject into the next sentence; "Evanston" is there, but not in the "born in" slot.
    const q = ['Duane Swank is a scholar of political economy. He was born in Decatur and studied in Evanston.'];
    assert.equal(await verdict('Duane Swank was born in Evanston.', q), 'contradicted');
    assert.equal(await verdict('Duane Swank was born in Decatur.', q), 'supported');
  });

  test('every case of the contradiction suite', async () => {
    const r = await runContradictionSuite(judge);
    assert.deepEqual(r.failures, []);
    assert.equal(r.exact, CONTRADICTION_SUITE.length);
  });

  test('word overlap fails the suite: it accepts added negations and never says "contradicted"', async () => {
    const r = await runContradictionSuite(createOverlapJudge());
    assert.ok(r.byKind.negation!.correct < r.byKind.negation!.total);
    assert.ok(r.failures.filter((f) => f.expect === 'contradicted').length >= 15);
  });
});

describe('builtin judge: support', () => {
  test('a missing name is not found, even when the other words are there', async () => {
    const p = ['Marie Curie won the Nobel Prize in Physics in 1903.'];
    assert.equal(await verdict('Albert Einstein won the Nobel Prize in Physics.', p), 'not_found');
    assert.equal(await verdict('Marie Curie won the Nobel Prize in Physics.', p), 'supported');
  });

  test('names are found as phrases, not as scattered words', async () => {
    const p = ['Tyndall Air Force Base lies 12 miles east of Panama City, Florida.'];
    assert.equal(await verdict('Panama City Air Force Base', p), 'not_found');
    assert.equal(await verdict('Tyndall Air Force Base', p), 'supported');
  });

  test('words spread over two unrelated sentences do not support a claim', async () => {
    const p = [
      'Boston College is a private research university located in Chestnut Hill. Stanford University is a private research university in California.',
    ];
    assert.equal(await verdict('Stanford University is located in Chestnut Hill.', p), 'not_found');
    assert.equal(await verdict('Boston College is located in Chestnut Hill.', p), 'supported');
  });

  test('a pronoun carries the previous sentence subject, not any name in it', async () => {
    const p = ['Henry Bacon was an American architect. He designed the Lincoln Memorial.'];
    assert.equal(await verdict('Henry Bacon designed the Lincoln Memorial.', p), 'supported');
    const q = ['Directed by David Dobkin, it stars Jackie Chan and Owen Wilson. He voiced Lightning McQueen.'];
    assert.equal(await verdict('Jackie Chan voiced Lightning McQueen.', q), 'not_found');
  });

  test('reports the passage that decided', async () => {
    const j = await judge.judge('The trial enrolled 1,250 patients.', [
      'Unrelated text about bridges.',
      'The trial enrolled 1,250 patients in 14 hospitals.',
    ]);
    assert.equal(j.verdict, 'supported');
    assert.equal(j.passage, 1);
    assert.ok(j.score >= 0.5 && j.score <= 1);
  });

  test('honours an aborted signal', async () => {
    const c = new AbortController();
    c.abort();
    await assert.rejects(judge.judge('x', ['x'], c.signal));
  });
});

describe('builtin judge: answers in the light of their question', () => {
  const k = [
    'Kim Clijsters (born 8 June 1983) is a Belgian former tennis player. Mary Pierce (born 15 January 1975) is a French retired tennis professional.',
  ];

  test('a choice between two people is checked by their dates', async () => {
    assert.equal(await verdict('Mary Pierce', k, 'Who is older, Kim Clijsters or Mary Pierce?'), 'supported');
    assert.equal(await verdict('Kim Clijsters', k, 'Who is older, Kim Clijsters or Mary Pierce?'), 'contradicted');
    assert.equal(
      await verdict('Kim Clijsters', k, 'Between Kim Clijsters and Mary Pierce, who is younger?'),
      'supported',
    );
  });

  test('a choice by property follows the option the passages tie to the predicate', async () => {
    const p = [
      'Boston College is a private research university located in Chestnut Hill, Massachusetts. Stanford University is a private research university in Stanford, California.',
    ];
    const q = 'Which university is located in Chestnut Hill, Boston College or Stanford University?';
    assert.equal(await verdict('Boston College', p, q), 'supported');
    assert.equal(await verdict('Stanford University', p, q), 'contradicted');
  });

  test('yes and no follow the proposition of the question', async () => {
    const p = [
      'Jon Jost (born 1943) is an American independent filmmaker. Chris Carter is an American television producer.',
    ];
    assert.equal(await verdict('yes', p, 'Are Jon Jost and Chris Carter both American?'), 'supported');
    assert.equal(await verdict('no', p, 'Are Jon Jost and Chris Carter of the same nationality?'), 'contradicted');
    const d = ['Theo van Gogh was a Dutch film director. Chris Carter is an American television producer.'];
    assert.equal(await verdict('no', d, 'Do Theo van Gogh and Chris Carter share the same nationality?'), 'supported');
  });

  test('a statement given as the question is not a yes/no question, and "No association..." is not a "no"', async () => {
    const p = ['No association between breast cancer risk and blood lipids was found in the total population.'];
    const q = 'Blood lipids are associated with breast cancer risk.';
    assert.equal(
      await verdict('No association between breast cancer risk and blood lipids was found.', p, q),
      'supported',
    );
  });

  test('what the answer adds to the question must be in the passage', async () => {
    const p = ['The song was re-recorded by Willie Nelson, one of the most recognized artists in country music.'];
    const q = 'The song was re-recorded by Willie Nelson, one of the most recognized artists in what type of music?';
    assert.equal(await verdict('country', p, q), 'supported');
    assert.equal(await verdict('Willie Nelson, one of the most recognized artists in rock music.', p, q), 'not_found');
  });
});

describe('builtin judge: Chinese', () => {
  const p = ['广三铁路于1903年建成，全长49公里。由Henry A. Walsh设计的车站位于佛山。'];

  test('finds answers split from digits and Latin names inside Chinese text', async () => {
    assert.equal(await verdict('1903年', p, '广三铁路在哪年建成？'), 'supported');
    assert.equal(await verdict('Henry A. Walsh', p, '谁设计了车站？'), 'supported');
    assert.equal(await verdict('49公里', p), 'supported');
  });

  test('a wrong year is contradicted, an absent place not found', async () => {
    assert.equal(await verdict('广三铁路于1905年建成。', p), 'contradicted');
    assert.equal(await verdict('车站位于广州。', p), 'not_found');
  });
});
