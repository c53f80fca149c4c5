import { expect } from 'chai';
import { CORE_MANIFEST } from '../../../plugins/_core-manifest.js';
import { HEDERA_TOOL_NAMES, isHederaToolName } from '../../../src/kit/hedera-tool-names.js';
import { realKitTools } from '../../support/real-kit.js';

describe('HEDERA_TOOL_NAMES', () => {
  it("are exactly the core plugins' tools, as the manifest lists them", () => {
    const manifest = CORE_MANIFEST.flatMap((plugin) => plugin.tools.map((tool) => tool.method));
    expect([...HEDERA_TOOL_NAMES].sort()).to.deep.equal([...manifest].sort());
  });

  it("are exactly the Hedera Agent Kit's core tools", () => {
    expect([...HEDERA_TOOL_NAMES].sort()).to.deep.equal(realKitTools().map(({ tool }) => tool.method).sort());
  });

  it('cannot be changed at run time, and match only exactly', () => {
    expect(Object.isFrozen(HEDERA_TOOL_NAMES)).to.equal(true);
    expect(isHederaToolName('delete_account_tool')).to.equal(true);
    expect(isHederaToolName('delete_account_tool\u200d')).to.equal(false);
    expect(isHederaToolName('Delete_account_tool')).to.equal(false);
  });
});
