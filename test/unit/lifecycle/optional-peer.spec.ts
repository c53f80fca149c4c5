import { expect } from 'chai';
import { ErrorCode } from '../../../src/errors/index.js';
import { loadWithPeer } from '../../../src/lifecycle/optional-peer.js';

describe('loadWithPeer', () => {
  const missing = 'agent-hooks-no-such-package';

  it('names the package to install and the feature that needs it when the peer is not installed', async () => {
    const error = await loadWithPeer(() => import(missing), missing, 'the thing').catch((caught: unknown) => caught);
    expect(error).to.include({ code: ErrorCode.MISSING_PEER });
    expect((error as Error).message).to.equal(`the thing needs ${missing}, an optional peer dependency of hedera-agent-hooks that is not installed: run npm install ${missing}.`);
  });

  it('names it too when a CommonJS module that needs the peer fails to require it', async () => {
    const error = await loadWithPeer(async () => require(missing) as unknown, missing, 'the thing').catch((caught: unknown) => caught);
    expect(error).to.include({ code: ErrorCode.MISSING_PEER });
  });

  it('passes other failures through unchanged, a different missing package included', async () => {
    const broken = new Error('boom');
    expect(await loadWithPeer(() => Promise.reject(broken), missing, 'the thing').catch((caught: unknown) => caught)).to.equal(broken);
    const another = 'agent-hooks-another-missing-one';
    const other = await loadWithPeer(() => import(another), missing, 'the thing').catch((caught: unknown) => caught);
    expect(other).to.not.include({ code: ErrorCode.MISSING_PEER });
  });

  it('returns what the loader gives when the peer is there', async () => {
    expect(await loadWithPeer(async () => 42, missing, 'the thing')).to.equal(42);
  });
});
