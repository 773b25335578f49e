import assert from 'node:assert/strict';
import { test } from 'node:test';
import { EvidencePool } from '../../src/agent/state.ts';
import { testHit } from '../helpers/chunk-rows.ts';

test('the evidence is the best eight chunks, then any chunk of the followed chain that later searches pushed out', () => {
  const pool = new EvidencePool('wiki', 'hybrid');
  pool.ranking = Array.from({ length: 12 }, (_, i) => testHit(`c${i}`, `paragraph ${i}`, 1 - i / 20));
  // The pair at the top, the chain's third paragraph moved down to eleventh by a later promotion.
  pool.chain = ['c0', 'c1', 'c10'];
  const evidence = pool.evidence(new Map());
  assert.deepEqual(
    evidence.map((e) => [e.id, e.n, e.hop]),
    [['c0', 1, 1], ['c1', 2, 2], ...[2, 3, 4, 5, 6, 7].map((i) => [`c${i}`, i + 1, undefined]), ['c10', 9, 3]],
  );
  pool.chain = [];
  assert.equal(pool.evidence(new Map()).length, 8);
});

test('a focus search promotes a chunk that mentions the focus as a word of its own, not inside another word', () => {
  const pool = new EvidencePool('vpn', 'hybrid');
  pool.ranking = Array.from({ length: 6 }, (_, i) => testHit(`c${i}`, `restricted directory tree ${i}`, 1 - i / 20));
  const promotions = pool.promote(
    [
      testHit('openvpn', 'Debian runs OpenVPN in a chroot.', 0.5),
      testHit('vpn', 'The VPN daemon reads its keys before it enters the chroot.', 0.4),
    ],
    'How do I run our VPN daemon in a restricted directory tree?',
    ['vpn'],
  );
  assert.deepEqual(
    promotions.map((p) => p.chunk_id),
    ['vpn'],
  );
  assert.ok(promotions[0]!.adds.includes('vpn'));
});

test('licence text that uses a sought word is not promoted for it, unless the question asks about terms of use', () => {
  const gfdl = testHit('gfdl', 'Examples of transparent image formats include PNG, XCF and JPG.', 0.5, {
    heading_path: ['GNU Free Documentation License'],
  });
  const pool = () => {
    const p = new EvidencePool('jpeg', 'hybrid');
    p.ranking = Array.from({ length: 6 }, (_, i) => testHit(`c${i}`, `djpeg writes PPM and GIF ${i}`, 1 - i / 20));
    return p;
  };
  assert.deepEqual(pool().promote([gfdl], 'How do I get djpeg to write a PNG file?', ['png']), []);
  const asked = pool().promote([gfdl], 'Does the licence let me ship djpeg with PNG support?', ['png']);
  assert.deepEqual(
    asked.map((p) => p.chunk_id),
    ['gfdl'],
  );
});
