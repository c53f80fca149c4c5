import { expect } from 'chai';
import { startAdversarialWorld, type AdversarialWorld } from './adversarial-world.js';

/** Tool names come from the model's tool call as much as the arguments do. */
describe('adversarial tool names', () => {
  let world: AdversarialWorld;

  before(async () => { world = await startAdversarialWorld(); });
  after(async () => { await world.close(); });

  describe('when the name is not a string or names no tool', () => {
    it('answers E_UNKNOWN_TOOL as a result, never a thrown TypeError', async () => {
      for (const name of [null, undefined, 5, {}, ['transfer_hbar_tool'], '__proto__', 'constructor', 'toString', '']) {
        let result;
        try {
          result = await world.kit.execute(name as string, {});
        } catch (error) {
          expect.fail(`execute(${JSON.stringify(name)}) threw ${(error as Error).message}`);
        }
        expect(result.raw.status).to.equal('ERROR');
        expect(result.raw.errorCode, String(name)).to.equal('E_UNKNOWN_TOOL');
        expect(result.humanMessage).to.match(/^Unknown tool /);
      }
    });

    it('run() answers with the same result as JSON', async () => {
      const text = await world.kit.run(null as unknown as string, {});
      expect((JSON.parse(text) as { raw: { errorCode: string } }).raw.errorCode).to.equal('E_UNKNOWN_TOOL');
    });
  });
});
