import type { Judge, Verdict } from './types.ts';

/**
 * Hand-made claims against one passage each: negation, reversed direction and wrong numbers that word overlap
 * cannot see, plus paraphrases of the same passages that must stay supported. Every judge report runs it, so
 * "contradictions are caught" is a measured figure rather than a promise.
 */
export type SuiteCase = {
  kind: 'negation' | 'direction' | 'number' | 'slot' | 'control' | 'missing';
  passage: string;
  claim: string;
  expect: Verdict;
};

const ASPIRIN = 'Daily low-dose aspirin reduces the risk of a first heart attack in adults over 50.';
const EXERCISE = 'In the trial, regular aerobic exercise decreased resting blood pressure by 5 mmHg.';
const TRIAL = 'The trial enrolled 1,250 patients across 14 hospitals between 2015 and 2018.';
const CURIE = 'Marie Curie won the Nobel Prize in Physics in 1903 and the Nobel Prize in Chemistry in 1911.';
const FDA = 'The FDA did not approve the drug in 2019, citing liver toxicity.';

export const CONTRADICTION_SUITE: readonly SuiteCase[] = [
  {
    kind: 'negation',
    passage: ASPIRIN,
    claim: 'Daily low-dose aspirin does not reduce the risk of a first heart attack in adults over 50.',
    expect: 'contradicted',
  },
  { kind: 'negation', passage: FDA, claim: 'The FDA approved the drug in 2019.', expect: 'contradicted' },
  {
    kind: 'negation',
    passage: 'The museum has never charged an entry fee since it opened.',
    claim: 'The museum has charged an entry fee since it opened.',
    expect: 'contradicted',
  },
  {
    kind: 'negation',
    passage: 'Vitamin C supplements did not shorten the duration of colds in the study.',
    claim: 'Vitamin C supplements shortened the duration of colds in the study.',
    expect: 'contradicted',
  },
  {
    kind: 'negation',
    passage: 'Smoking was associated with a higher risk of dementia.',
    claim: 'Smoking was not associated with a higher risk of dementia.',
    expect: 'contradicted',
  },
  {
    kind: 'direction',
    passage: EXERCISE,
    claim: 'In the trial, regular aerobic exercise increased resting blood pressure.',
    expect: 'contradicted',
  },
  {
    kind: 'direction',
    passage: 'The new policy lowered unemployment in the region within two years.',
    claim: 'The new policy raised unemployment in the region.',
    expect: 'contradicted',
  },
  {
    kind: 'direction',
    passage: 'Insulin inhibits the breakdown of stored fat in adipose tissue.',
    claim: 'Insulin stimulates the breakdown of stored fat in adipose tissue.',
    expect: 'contradicted',
  },
  {
    kind: 'direction',
    passage: 'Quarterly sales fell sharply after the recall.',
    claim: 'Quarterly sales rose sharply after the recall.',
    expect: 'contradicted',
  },
  {
    kind: 'direction',
    passage: 'Patients on the drug had a lower rate of relapse than those on placebo.',
    claim: 'Patients on the drug had a higher rate of relapse than those on placebo.',
    expect: 'contradicted',
  },
  {
    kind: 'number',
    passage: 'The bridge, completed in 1932, spans 503 metres.',
    claim: 'The bridge was completed in 1928.',
    expect: 'contradicted',
  },
  { kind: 'number', passage: TRIAL, claim: 'The trial enrolled 2,500 patients.', expect: 'contradicted' },
  {
    kind: 'number',
    passage: 'Unemployment reached 7.5% in March.',
    claim: 'Unemployment reached 5.7% in March.',
    expect: 'contradicted',
  },
  {
    kind: 'number',
    passage: 'The album sold three million copies in its first year.',
    claim: 'The album sold five million copies in its first year.',
    expect: 'contradicted',
  },
  {
    kind: 'number',
    passage: TRIAL,
    claim: 'The trial enrolled 1,250 patients across 41 hospitals.',
    expect: 'contradicted',
  },
  {
    kind: 'slot',
    passage: 'Beowulf is a 2007 film directed by Robert Zemeckis and written by Neil Gaiman and Roger Avary.',
    claim: 'Beowulf was directed by Neil Gaiman.',
    expect: 'contradicted',
  },
  {
    kind: 'control',
    passage: ASPIRIN,
    claim: 'Daily low-dose aspirin lowers the risk of a first heart attack in adults over 50.',
    expect: 'supported',
  },
  { kind: 'control', passage: FDA, claim: 'The drug was not approved by the FDA in 2019.', expect: 'supported' },
  {
    kind: 'control',
    passage: EXERCISE,
    claim: 'Resting blood pressure decreased with regular aerobic exercise in the trial.',
    expect: 'supported',
  },
  {
    kind: 'control',
    passage: TRIAL,
    claim: 'The trial enrolled 1250 patients from 14 hospitals.',
    expect: 'supported',
  },
  {
    kind: 'control',
    passage: CURIE,
    claim: 'In 1911, Marie Curie won the Nobel Prize in Chemistry.',
    expect: 'supported',
  },
  {
    kind: 'control',
    passage: 'Beowulf is a 2007 film directed by Robert Zemeckis and written by Neil Gaiman and Roger Avary.',
    claim: 'Beowulf was written by Neil Gaiman.',
    expect: 'supported',
  },
  { kind: 'missing', passage: CURIE, claim: 'Albert Einstein won the Nobel Prize in Physics.', expect: 'not_found' },
  { kind: 'missing', passage: CURIE, claim: 'Marie Curie was born in Warsaw.', expect: 'not_found' },
];

export type SuiteResult = {
  total: number;
  /** Claims the judge handled as expected, counting contradicted/not_found as one "unsupported" class. */
  correct: number;
  /** Exact verdict matches. */
  exact: number;
  byKind: Record<string, { total: number; correct: number }>;
  failures: { kind: string; claim: string; passage: string; expect: Verdict; got: Verdict; reason: string }[];
};

export async function runContradictionSuite(judge: Judge, cases = CONTRADICTION_SUITE): Promise<SuiteResult> {
  const out: SuiteResult = { total: 0, correct: 0, exact: 0, byKind: {}, failures: [] };
  for (const c of cases) {
    const j = await judge.judge(c.claim, [c.passage]);
    const ok = (j.verdict === 'supported') === (c.expect === 'supported');
    const k = out.byKind[c.kind] ?? { total: 0, correct: 0 };
    out.byKind[c.kind] = k;
    out.total++;
    k.total++;
    if (ok) {
      out.correct++;
      k.correct++;
    }
    if (j.verdict === c.expect) out.exact++;
    else
      out.failures.push({
        kind: c.kind,
        claim: c.claim,
        passage: c.passage,
        expect: c.expect,
        got: j.verdict,
        reason: j.reason,
      });
  }
  return out;
}
