import assert from 'node:assert/strict';
import { test } from 'node:test';
import { isBookIndexChunk } from '../../src/text/index.ts';

const at = (heading: string, text: string) => ({ heading_path: ['Manual', heading], text });

test("a back-of-book index is told by its heading and its entries, not by the word 'index'", () => {
  // texinfo's HTML index, an info file's index menu, a typeset PDF's index.
  assert.ok(isBookIndexChunk(at('Index of Concepts', 'B\nbad file error: Error Codes\nbash shell: Getting Started')));
  assert.ok(
    isBookIndexChunk(
      at(
        'Concept Index',
        '* .cvsrc file:     ~/.cvsrc.     (line   6)\n* admin (subcommand):   admin.   (line   6)\n' +
          '* Atomic transactions:   Concurrency.   (line  12)',
      ),
    ),
  );
  assert.ok(isBookIndexChunk(at('Index', 'abstract, 17\n\\addcontentsline, 31\namsmath, 6, 18–21\narray, 23, 24')));
  // Sections under the same word that are prose: a keyword's entry, a mail client's index screen.
  assert.ok(
    !isBookIndexChunk(
      at(
        '3.18.3.6 index',
        'The index keyword allows you to select specific data sets.\n\nSyntax:\n  plot "file" index <m>',
      ),
    ),
  );
  assert.ok(
    !isBookIndexChunk(
      at('2.1. Index', 'The index is the screen that you usually see first.\nIt gives an overview over your emails.'),
    ),
  );
  // A keyword's reference entry (nginx's `index`), an API's function list, a mail client's key bindings.
  assert.ok(
    !isBookIndexChunk(
      at(
        'index',
        'Syntax:\tindex file ...;\nDefault:\tindex index.html;\nContext:\thttp, server, location\nDefines files.',
      ),
    ),
  );
  assert.ok(!isBookIndexChunk(at('Function Index', 'malloc: allocate a block\nfree: release it\nrealloc: resize it')));
  assert.ok(!isBookIndexChunk(at('2.1. Index', 'd: delete the current message\nu: undelete it\nq: quit the index')));
  assert.ok(
    !isBookIndexChunk(at('INDEX', 'Recreate the specified index.\nThis form cannot run inside a transaction.')),
  );
  // Entries under a heading that is no index (a settings list) are no index either.
  assert.ok(
    !isBookIndexChunk(at('Options', 'maxfailure: failed attempts\nfailcountinterval: seconds\nlockout: seconds')),
  );
});
