import { expect } from 'chai';
import { nextCallId } from '../../../src/lifecycle/call-ids.js';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('nextCallId', () => {
  it('gives version-4 UUIDs, none twice in 100 000 calls', () => {
    const seen = new Set<string>();
    for (let at = 0; at < 100_000; at++) {
      const id = nextCallId();
      if (at % 10_000 === 0) expect(id).to.match(UUID_V4);
      seen.add(id);
    }
    expect(seen.size).to.equal(100_000);
  });
});
