import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../../../..');

describe('devnet compiled contracts', function () {
  // solc is a WebAssembly build of the compiler: loading and running it takes a few seconds.
  this.timeout(120_000);

  it('match what solc makes of the Solidity sources today', () => {
    const { generateContractModules } = require(path.join(root, 'scripts/compile-contracts.cjs')) as {
      generateContractModules(): Record<string, string>;
    };
    const modules = generateContractModules();
    expect(Object.keys(modules).sort()).to.deep.equal(['src/devnet/evm/compiled-contracts.ts', 'test/support/compiled-test-contracts.ts']);
    for (const [file, text] of Object.entries(modules)) {
      expect(readFileSync(path.join(root, file), 'utf8') === text, `${file} is stale: run node scripts/compile-contracts.cjs`).to.equal(true);
    }
  });
});
